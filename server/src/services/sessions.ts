/**
 * Refresh sessions. Only the SHA-256 of a refresh token is stored. This file starts with what the
 * users routes need (revoke everything a user holds); sign-in, rotation and expiry live here too.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sessions } from '../db/schema.ts';

/** Revokes every session of a user (deactivation, deletion): refresh fails and access tokens are refused. */
export async function revokeUserSessions(app: FastifyInstance, userId: number, reason: string): Promise<void> {
  await app.database.db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  await app.services.revocations.revokeUser(userId);
}
