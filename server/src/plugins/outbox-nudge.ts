/**
 * Once a request that wrote to the outbox has answered (its transactions committed), this process's
 * outbox dispatcher is woken, so a webhook leaves within moments instead of at the next poll.
 * Other processes find the event at their next poll (at most a second).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { OUTBOX_WORKER } from '../lib/outbox-kinds.ts';

const wroteOutbox = new WeakSet<FastifyRequest>();

/** The audit writer's note that this request wrote an outbox event (routes/audit-events/writer.ts). */
export const noteOutboxWrite = (request: FastifyRequest) => wroteOutbox.add(request);

export default fp(async function outboxNudge(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    if (!wroteOutbox.has(request)) return;
    wroteOutbox.delete(request);
    if (reply.statusCode < 400) app.jobs.workers.nudge(OUTBOX_WORKER);
  });
});
