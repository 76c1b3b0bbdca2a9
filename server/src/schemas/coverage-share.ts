/** Guest access: share links to the coverage report, and the report a link shows. */
import { Type } from '@sinclair/typebox';
import { SHARE_LIMITS } from '#domain/coverage-share.ts';
import { Nullable } from './common.ts';

export const ShareLink = Type.Object(
  {
    id: Type.Integer(),
    label: Type.String(),
    position_group_id: Nullable(Type.Integer()),
    position_group_name: Nullable(Type.String({ description: 'Null: every position' })),
    from: Type.String({ format: 'date' }),
    to: Type.String({ format: 'date' }),
    include_worker_names: Type.Boolean(),
    created_by_name: Nullable(Type.String()),
    created_at: Type.String({ format: 'date-time' }),
    expires_at: Type.String({ format: 'date-time' }),
    revoked_at: Nullable(Type.String({ format: 'date-time' })),
    state: Type.Union([Type.Literal('active'), Type.Literal('expired'), Type.Literal('revoked')]),
    view_count: Type.Integer(),
    last_viewed_at: Nullable(Type.String({ format: 'date-time' })),
  },
  { $id: 'ShareLink' },
);

export const ShareLinkList = Type.Object(
  {
    links: Type.Array(ShareLink),
    guest_access: Type.Boolean({
      description: 'The site setting allowGuestAccess: off, every link answers 404',
    }),
  },
  { $id: 'ShareLinkList' },
);

export const ShareLinkCreate = Type.Object(
  {
    label: Type.String({ minLength: SHARE_LIMITS.labelMin, maxLength: SHARE_LIMITS.labelMax }),
    position_group_id: Type.Optional(
      Nullable(
        Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Omitted or null: every position' }),
      ),
    ),
    from: Type.String({ format: 'date', description: 'First day (inclusive), in the site’s time zone' }),
    to: Type.String({ format: 'date', description: 'Last day (inclusive), in the site’s time zone' }),
    include_worker_names: Type.Optional(Type.Boolean({ default: false })),
    expires_in_days: Type.Integer({
      minimum: SHARE_LIMITS.expiresDaysMin,
      maximum: SHARE_LIMITS.expiresDaysMax,
      description: `Days until the link stops working, at most ${SHARE_LIMITS.expiresDaysMax}`,
    }),
  },
  { $id: 'ShareLinkCreate', additionalProperties: false },
);

export const ShareLinkCreated = Type.Object(
  {
    link: ShareLink,
    url: Type.String({ description: 'The link, shown this once: only its hash is stored' }),
  },
  { $id: 'ShareLinkCreated' },
);

export const ShareTokenParams = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);

const Counts = Type.Ref('CoverageCounts');

export const SharedCoverageReport = Type.Object(
  {
    site_name: Type.String(),
    label: Type.String(),
    position_group_name: Nullable(Type.String({ description: 'Null: every position' })),
    from: Type.String({ format: 'date' }),
    to: Type.String({ format: 'date' }),
    time_zone: Type.String(),
    expires_at: Type.String({ format: 'date-time' }),
    totals: Counts,
    days: Type.Array(Type.Object({ day: Type.String({ format: 'date' }), counts: Counts })),
    positions: Type.Array(
      Type.Object({ position_code: Type.String(), position_name: Type.String(), counts: Counts }),
      { description: 'Worst first' },
    ),
    workers: Type.Union(
      [Type.Array(Type.Object({ worker_name: Type.String(), counts: Counts })), Type.Null()],
      {
        description: 'Null unless the link’s creator chose to include worker names',
      },
    ),
  },
  { $id: 'SharedCoverageReport' },
);
