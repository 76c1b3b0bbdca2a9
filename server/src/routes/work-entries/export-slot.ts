/**
 * Both CSV exports (live and archive) run inside a slot of infra/export-slots.ts: the slot is taken
 * before the first query and given back when the response ends, however it ends (sent, failed,
 * or the client went away).
 */
import type { FastifyReply } from 'fastify';
import { HttpError } from '../../lib/errors.ts';
import type { RequestContext } from '../../types.ts';

/** What a refused export is told to wait: about what a large export takes to stream. */
export const EXPORT_RETRY_AFTER_SECONDS = 10;

export async function inExportSlot(
  ctx: RequestContext,
  reply: FastifyReply,
  run: () => Promise<FastifyReply>,
): Promise<FastifyReply> {
  const { exportSlots } = ctx.services;
  const release = exportSlots.acquire(ctx.siteId, ctx.actor.userId);
  if (!release) {
    throw new HttpError(
      429,
      `Too many exports are running (at most ${exportSlots.perUser} per user and ${exportSlots.perSite} per site at once). Try again when one has finished.`,
      { code: 'EXPORT_BUSY', headers: { 'retry-after': String(EXPORT_RETRY_AFTER_SECONDS) } },
    );
  }
  reply.raw.once('close', release);
  reply.raw.once('finish', release);
  try {
    return await run();
  } catch (err) {
    release();
    throw err;
  }
}
