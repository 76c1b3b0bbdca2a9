/**
 * Guest access: an admin or owner (`coverage.share`) makes a read-only link to the
 * coverage report of a position group (or every position) and a period, for a client or an
 * inspector. The link's secret is 32 random bytes shown once; only its SHA-256 is stored (as
 * account tokens are). It stops working when it expires (at most 90 days), when revoked, and
 * while the site setting allowGuestAccess is off: then every link answers 404, as an unknown one.
 * Each view of the public report is recorded (coverage_share_views).
 */

import { randomBytes } from 'node:crypto';
import type { Static } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { COVERAGE_LIMITS } from '#domain/coverage.ts';
import { SHARE_LIMITS, SHARE_MESSAGES, shareLinkUrl } from '#domain/coverage-share.ts';
import type { Db } from '../../db/client.ts';
import { hashAccountToken } from '../../infra/account-tokens.ts';
import { errors } from '../../lib/errors.ts';
import * as repo from '../../repositories/coverage-share-links.ts';
import * as windows from '../../repositories/coverage-windows.ts';
import { positionGroupRows } from '../../repositories/position-groups.ts';
import { getSiteSettings } from '../../repositories/site-settings.ts';
import type { ShareLink, ShareLinkCreate } from '../../schemas/coverage-share.ts';
import type { RequestContext } from '../../types.ts';
import { countsOf } from './service.ts';

type ApiShareLink = Static<typeof ShareLink>;

/** Links one list shows: a site makes a handful a month. */
export const SHARE_LIST_MAX = 200;

const DAY_MS = 86_400_000;

function present(l: repo.ListedShareLink, now = Date.now()): ApiShareLink {
  const { row } = l;
  return {
    id: row.id,
    label: row.label,
    position_group_id: row.positionGroupId,
    position_group_name: l.groupName,
    from: row.fromDay,
    to: row.toDay,
    include_worker_names: row.includeWorkerNames,
    created_by_name: l.createdByName,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    revoked_at: row.revokedAt?.toISOString() ?? null,
    state: row.revokedAt ? 'revoked' : row.expiresAt.getTime() <= now ? 'expired' : 'active',
    view_count: l.viewCount,
    last_viewed_at: l.lastViewedAt?.toISOString() ?? null,
  };
}

export async function listShareLinks(ctx: RequestContext) {
  const { allowGuestAccess } = await getSiteSettings(ctx.db, ctx.siteId);
  const rows = await repo.listShareLinks(ctx.db, ctx.siteId, SHARE_LIST_MAX);
  return { links: rows.map((r) => present(r)), guest_access: allowGuestAccess };
}

export async function createShareLink(
  ctx: RequestContext,
  body: Static<typeof ShareLinkCreate>,
  publicUrl: string,
) {
  const label = body.label.trim();
  if (label.length < SHARE_LIMITS.labelMin)
    throw errors.fieldError('label', 'minLength', { min: SHARE_LIMITS.labelMin });
  const span = (Date.parse(body.to) - Date.parse(body.from)) / DAY_MS;
  if (!(span >= 0)) {
    throw errors.badRequest(SHARE_MESSAGES.period, 'VALIDATION_ERROR', [
      { field: 'to', message: SHARE_MESSAGES.period },
    ]);
  }
  if (span >= COVERAGE_LIMITS.reportDaysMax) {
    const message = `At most ${COVERAGE_LIMITS.reportDaysMax} days`;
    throw errors.badRequest(message, 'VALIDATION_ERROR', [{ field: 'to', message }]);
  }
  const { allowGuestAccess } = await getSiteSettings(ctx.db, ctx.siteId);
  if (!allowGuestAccess)
    throw errors.conflict('allowGuestAccess', SHARE_MESSAGES.guestAccessOff, 'GUEST_ACCESS_OFF');
  const groupId = body.position_group_id ?? null;
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + body.expires_in_days * DAY_MS);
  return ctx.db.transaction(async (tx) => {
    if (groupId !== null && !(await positionGroupRows.find(tx, ctx.siteId, groupId))) {
      throw errors.badRequest('No such position group on this site', 'VALIDATION_ERROR', [
        { field: 'position_group_id', message: 'No such position group on this site' },
      ]);
    }
    const id = await repo.insertShareLink(tx, {
      siteId: ctx.siteId,
      tokenHash: hashAccountToken(token),
      label,
      positionGroupId: groupId,
      fromDay: body.from,
      toDay: body.to,
      includeWorkerNames: body.include_worker_names ?? false,
      expiresAt,
      createdBy: ctx.actor.userId,
    });
    await ctx.audit(tx, {
      action: 'coverage_share_link.create',
      entity: 'coverage_share_link',
      id,
      changes: {
        label: { old: null, new: label },
        position_group_id: { old: null, new: groupId },
        from: { old: null, new: body.from },
        to: { old: null, new: body.to },
        include_worker_names: { old: null, new: body.include_worker_names ?? false },
        expires_at: { old: null, new: expiresAt.toISOString() },
      },
    });
    const link = (await repo.findShareLink(tx, ctx.siteId, id)) as repo.ListedShareLink;
    return { link: present(link), url: shareLinkUrl(publicUrl, token) };
  });
}

export async function revokeShareLink(ctx: RequestContext, id: number) {
  return ctx.db.transaction(async (tx) => {
    const before = await repo.findShareLink(tx, ctx.siteId, id);
    if (!before) throw errors.notFound('Share link not found', 'SHARE_LINK_NOT_FOUND');
    if (!(await repo.revokeShareLink(tx, ctx.siteId, id, ctx.actor.userId))) {
      throw errors.conflict('revoked_at', 'The link is already revoked', 'ALREADY_REVOKED');
    }
    await ctx.audit(tx, {
      action: 'coverage_share_link.revoke',
      entity: 'coverage_share_link',
      id,
      changes: { revoked_at: { old: null, new: new Date().toISOString() } },
    });
    return { link: present((await repo.findShareLink(tx, ctx.siteId, id)) as repo.ListedShareLink) };
  });
}

const gone = () => errors.notFound('No such share link', 'SHARE_LINK_NOT_FOUND');

/**
 * The report a link shows, for anyone holding it; records the view. Unknown, expired, revoked,
 * and every link of a site with guest access off: the same 404.
 */
export async function sharedReport(db: Db, token: string, request: FastifyRequest) {
  const found = await repo.shareLinkByHash(db, hashAccountToken(token));
  if (!found || found.row.revokedAt || found.row.expiresAt.getTime() <= Date.now()) throw gone();
  const link = found.row;
  const settings = await getSiteSettings(db, link.siteId);
  if (!settings.allowGuestAccess) throw gone();
  const rows = await windows.reportRows(db, link.siteId, {
    from: link.fromDay,
    to: link.toDay,
    positionGroupId: link.positionGroupId ?? undefined,
  });
  const agent = request.headers['user-agent'];
  await repo.recordView(db, link, typeof agent === 'string' ? agent.slice(0, 200) : null);
  return {
    site_name: settings.siteName,
    label: link.label,
    position_group_name: found.groupName,
    from: link.fromDay,
    to: link.toDay,
    time_zone: settings.timezone,
    expires_at: link.expiresAt.toISOString(),
    totals: countsOf(rows.totals),
    days: rows.days.map((d) => ({ day: d.day, counts: countsOf(d) })),
    positions: rows.byPosition.map((p) => ({
      position_code: p.positionCode,
      position_name: p.positionName,
      counts: countsOf(p),
    })),
    workers: link.includeWorkerNames
      ? rows.byWorker.map((w) => ({ worker_name: w.workerName, counts: countsOf(w) }))
      : null,
  };
}
