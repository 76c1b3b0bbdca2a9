/**
 * GET and PUT /auth/me/notifications: which notification emails the signed-in user receives
 * and their quiet hours. Managers and up choose; workers manage no position and get
 * none (GET answers `available: false`, PUT is refused). Until a user saves, their role's defaults
 * apply (failed entries and missed visits on for managers and up).
 */

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defaultPreferences, managesPositions, type NotificationPreferences } from '#domain/notifications.ts';
import { isRole } from '#domain/permissions.ts';
import { auditDiff } from '../../lib/audit-record.ts';
import { errors } from '../../lib/errors.ts';
import { requireAuth } from '../../plugins/authorization.ts';
import { readPreferences, savePreferences } from '../../repositories/notifications.ts';
import { getSiteSettings } from '../../repositories/site-settings.ts';
import { errorResponse } from '../../schemas/common.ts';
import {
  NotificationPreferencesResponse,
  NotificationPreferencesUpdate,
} from '../../schemas/notifications.ts';
import type { AuthContext } from '../../types.ts';
import { requestAuditor } from '../audit-events/writer.ts';

type Update = Static<typeof NotificationPreferencesUpdate>;

const toBody = (p: NotificationPreferences): Update => ({
  failed_entries: p.failed_entries,
  missed_visits: p.missed_visits,
  late_visits: p.late_visits,
  daily_digest: p.daily_digest,
  quiet_hours: p.quiet_from && p.quiet_to ? { from: p.quiet_from, to: p.quiet_to } : null,
});

async function answer(app: FastifyInstance, auth: AuthContext) {
  const db = app.database.db;
  const saved = await readPreferences(db, auth.userId);
  const role = isRole(auth.role) ? auth.role : 'worker';
  const available = managesPositions(role);
  const { enableEmailNotifications } = await getSiteSettings(db, auth.siteId);
  return {
    preferences: toBody(available ? (saved ?? defaultPreferences(role)) : defaultPreferences('worker')),
    available,
    defaults: saved === null,
    site_enabled: enableEmailNotifications,
  };
}

async function save(app: FastifyInstance, request: FastifyRequest, auth: AuthContext, input: Update) {
  if (!isRole(auth.role) || !managesPositions(auth.role))
    throw errors.forbidden(
      'Notification emails are for managers, owners and admins',
      'NOTIFICATIONS_NOT_AVAILABLE',
    );
  const next: NotificationPreferences = {
    failed_entries: input.failed_entries,
    missed_visits: input.missed_visits,
    late_visits: input.late_visits,
    daily_digest: input.daily_digest,
    quiet_from: input.quiet_hours?.from ?? null,
    quiet_to: input.quiet_hours?.to ?? null,
  };
  const audit = requestAuditor(app, request, auth);
  await app.database.db.transaction(async (tx) => {
    const before = (await readPreferences(tx, auth.userId)) ?? defaultPreferences(auth.role);
    await savePreferences(tx, auth.siteId, auth.userId, next);
    await audit(tx, {
      action: 'user.notification_preferences',
      entity: 'user',
      id: auth.userId,
      changes: auditDiff(before, next, 'as-is'),
    });
  });
  return answer(app, auth);
}

const tags = ['auth'];

export function notificationPreferenceRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/me/notifications',
    {
      config: { access: 'authenticated' },
      schema: {
        operationId: 'getMyNotifications',
        tags,
        summary: 'Your notification email choices and quiet hours',
        response: { 200: NotificationPreferencesResponse },
      },
    },
    async (request) => answer(app, requireAuth(request)),
  );

  app.put(
    '/me/notifications',
    {
      config: { access: 'authenticated' },
      schema: {
        operationId: 'updateMyNotifications',
        tags,
        summary: 'Choose which notification emails you receive, and your quiet hours (managers and up)',
        body: NotificationPreferencesUpdate,
        response: {
          200: NotificationPreferencesResponse,
          403: errorResponse('Workers receive no notification emails'),
        },
      },
    },
    async (request) => save(app, request, requireAuth(request), request.body),
  );
}
