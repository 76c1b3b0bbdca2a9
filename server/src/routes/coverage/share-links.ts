/**
 * /coverage/share-links: the console's side of guest access, with coverage.share
 * (admin and owner). Creating needs the site setting allowGuestAccess; listing and revoking work
 * with it off too, so old links can be cleaned up.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { SHARE_LIMITS } from '#domain/coverage-share.ts';
import { publicUrlOf } from '../../lib/public-url.ts';
import { IdParams } from '../../schemas/common.ts';
import { ShareLink, ShareLinkCreate, ShareLinkCreated, ShareLinkList } from '../../schemas/coverage-share.ts';
import { conflict, contextOf, notFound, routeKit } from '../kit.ts';
import { createShareLink, listShareLinks, revokeShareLink, SHARE_LIST_MAX } from './share-service.ts';

const { op } = routeKit('coverage');

const shareLinkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    op(
      'coverage.share',
      {
        operationId: 'listShareLinks',
        summary: 'The site’s share links to the coverage report, newest first, with their views',
        description: `At most ${SHARE_LIST_MAX}. guest_access says whether the site setting allowGuestAccess is on.`,
      },
      { response: { 200: ShareLinkList } },
    ),
    async (request) => listShareLinks(contextOf(app, request)),
  );

  app.post(
    '/',
    op(
      'coverage.share',
      {
        operationId: 'createShareLink',
        summary: 'A read-only link to the coverage report of a position group (or all) and a period',
        description: `Expires in 1 to ${SHARE_LIMITS.expiresDaysMax} days. The answer's url holds the link's secret and is shown this once. With allowGuestAccess off: 409 GUEST_ACCESS_OFF.`,
      },
      {
        body: ShareLinkCreate,
        response: {
          201: ShareLinkCreated,
          ...conflict('Guest access is off in the site settings (GUEST_ACCESS_OFF)'),
        },
      },
    ),
    async (request, reply) => {
      const ctx = contextOf(app, request);
      const created = await createShareLink(ctx, request.body, publicUrlOf(app.config, request));
      return reply.code(201).send(created);
    },
  );

  app.post(
    '/:id/revoke',
    op(
      'coverage.share',
      { operationId: 'revokeShareLink', summary: 'Revoke a share link: it answers 404 from now on' },
      {
        params: IdParams,
        response: {
          200: Type.Object({ link: ShareLink }),
          ...notFound('share link'),
          ...conflict('The link is already revoked (ALREADY_REVOKED)'),
        },
      },
    ),
    async (request) => revokeShareLink(contextOf(app, request), request.params.id),
  );
};

export default shareLinkRoutes;
