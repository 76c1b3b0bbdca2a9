/** /audit-events: the audit log of the caller's site, read-only, and its chain check. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AUDIT_LOG_PERMISSION, AUDIT_READERS } from '#domain/audit.ts';
import { AuditChainCheck, AuditEventList, AuditEventListQuery } from '../../schemas/audit-event.ts';
import { errorResponse } from '../../schemas/common.ts';
import { contextOf, routeKit } from '../kit.ts';
import { exportAuditEvents, listAuditEvents, verifySiteChain } from './service.ts';

const { op } = routeKit('audit-events');

const auditEventRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '',
    op(
      { anyOf: AUDIT_READERS },
      {
        operationId: 'listAuditEvents',
        summary: 'Audit events of the site, newest first, one page at a time (keyset cursor), or as CSV',
        description:
          'With system.logs, every event. Without it, one record’s own history only: entity_type and entity_id given, and the permission that updates that kind of record (users.update for a user, positions.update for a position, …). format=csv answers every matching event as CSV (spreadsheet formulas defused).',
      },
      {
        querystring: AuditEventListQuery,
        response: {
          200: {
            description:
              'A page of events (JSON), or with format=csv every matching event (CSV with a header row)',
            content: {
              'application/json': { schema: Type.Ref(AuditEventList) },
              'text/csv': { schema: Type.String() },
            },
          },
          429: errorResponse('Too many exports running for this user or site (EXPORT_BUSY); see Retry-After'),
        },
      },
    ),
    async (request, reply) => {
      const ctx = contextOf(app, request);
      if (request.query.format === 'csv') return exportAuditEvents(ctx, request.query, reply);
      return listAuditEvents(ctx, request.query);
    },
  );

  app.get(
    '/verify',
    op(
      AUDIT_LOG_PERMISSION,
      {
        operationId: 'verifyAuditChain',
        summary: 'Check the site’s hash chain: ok and the number of events, or the first broken event',
        description:
          'Each event’s hash covers its content and the hash before it; an event changed, removed or inserted around the database’s refusal breaks the chain at that event. Events are sealed into the chain just after they are written; the check seals what has been written first, and events written while it runs are reported as pending, not as broken.',
      },
      { response: { 200: AuditChainCheck } },
    ),
    async (request) => verifySiteChain(contextOf(app, request), (siteId) => app.auditSealer.seal(siteId)),
  );
};

export default auditEventRoutes;
