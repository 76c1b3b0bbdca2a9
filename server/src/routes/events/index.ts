import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { HttpError } from '../../lib/errors.ts';
import { requireAuth } from '../../plugins/authorization.ts';
import { errorResponse } from '../../schemas/common.ts';
import { routeKit } from '../kit.ts';
import { openStream } from './stream.ts';

const { op } = routeKit('events');

const EventsHeaders = Type.Object({
  'last-event-id': Type.Optional(
    Type.String({
      maxLength: 100,
      description:
        'The id of the last event received: what was published after it (and is still kept, 10 minutes) is ' +
        'sent first; an id too old or unknown is answered with a `reset` event (reload everything)',
    }),
  ),
});

const eventsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '',
    op(
      'authenticated',
      {
        operationId: 'streamEvents',
        summary: 'Live updates of the caller’s site as Server-Sent Events (send Accept: text/event-stream)',
        description:
          'Events: `ready` (first; its id is where a reconnection resumes), `work_entry.created`, ' +
          '`work_entry.updated`, `work_entry.deleted`, `work_entry.photo_added` (data: id, user_id, status; a ' +
          'caller without work_entries.view_all receives only their own entries’), `changed` (data: resource, ' +
          'a list the caller may read changed), `system.status` (system.settings holders) and `reset` (events ' +
          'were missed: reload). A comment every 20 s keeps the stream open; it ends when the access token ' +
          'expires or the session ends, and the client reconnects with a fresh token and Last-Event-ID.',
      },
      {
        headers: EventsHeaders,
        response: {
          200: {
            description: 'An event stream (text/event-stream) that stays open',
            content: { 'text/event-stream': { schema: Type.String() } },
          },
          406: errorResponse('The request does not accept text/event-stream (NOT_ACCEPTABLE)'),
        },
      },
    ),
    async (request, reply) => {
      const auth = requireAuth(request);
      if (!/\btext\/event-stream\b/i.test(request.headers.accept ?? ''))
        throw new HttpError(406, 'This is an event stream: send Accept: text/event-stream', {
          code: 'NOT_ACCEPTABLE',
        });
      await openStream(app, request, reply, auth, request.headers['last-event-id'], {
        heartbeatMs: Math.max(1, app.config.eventsHeartbeatSeconds) * 1000,
      });
    },
  );
};

export default eventsRoutes;
