/**
 * /share: the public, unauthenticated side of guest access. Whoever holds a share
 * link reads that one coverage report; every view is recorded. Rate-limited per client address
 * and per link (the limits' counters are shared through Redis when there is one).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { hashAccountToken } from '../../infra/account-tokens.ts';
import { errors } from '../../lib/errors.ts';
import { errorResponse } from '../../schemas/common.ts';
import { SharedCoverageReport, ShareTokenParams } from '../../schemas/coverage-share.ts';
import { sharedReport } from '../coverage/share-service.ts';

const shareRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/:token/coverage',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getSharedCoverageReport',
        tags: ['share'],
        summary: 'The coverage report a share link shows (no sign-in)',
        description:
          'Totals, per day and per position; worker names only when the link includes them. An unknown, expired or revoked link, and every link while the site’s allowGuestAccess is off: 404.',
        security: [],
        params: ShareTokenParams,
        response: {
          200: SharedCoverageReport,
          404: errorResponse('No such share link'),
          429: errorResponse('Too many requests'),
        },
      },
    },
    async (request, reply) => {
      const { token } = request.params;
      const wait = await app.services.shareLimiter.take({ ip: request.ip, account: hashAccountToken(token) });
      if (wait > 0) throw errors.tooManyRequests(wait, 'Too many requests. Please try again later.');
      reply.header('cache-control', 'no-store');
      reply.header('x-robots-tag', 'noindex');
      return sharedReport(app.database.db, token, request);
    },
  );
};

export default shareRoutes;
