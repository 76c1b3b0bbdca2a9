/** Every /api/v1 route module. */
import type { FastifyInstance } from 'fastify';
import assignmentRoutes from './assignments/index.ts';
import auditEventRoutes from './audit-events/index.ts';
import authRoutes from './auth/index.ts';
import coverageRoutes from './coverage/index.ts';
import dashboardRoutes from './dashboard/index.ts';
import eventsRoutes from './events/index.ts';
import fieldRoutes from './field/index.ts';
import legacyTemplateRoutes from './legacy-task-templates/index.ts';
import positionGroupRoutes from './position-groups/index.ts';
import positionRoutes from './positions/index.ts';
import roleRoutes from './roles/index.ts';
import siteSettingsRoutes from './site-settings/index.ts';
import systemRoutes from './system/index.ts';
import dependencyRoutes from './task-dependencies/index.ts';
import taskRoutes from './tasks/index.ts';
import trashRoutes from './trash/index.ts';
import unifiedTaskRoutes from './unified-tasks/index.ts';
import userGroupRoutes from './user-groups/index.ts';
import userRoutes from './users/index.ts';
import visitScheduleRoutes from './visit-schedules/index.ts';
import workEntryRoutes from './work-entries/index.ts';
import workEntryArchiveRoutes from './work-entries-archive/index.ts';

export default async function apiRoutes(app: FastifyInstance) {
  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(userRoutes, { prefix: '/users' });
  await app.register(userGroupRoutes, { prefix: '/user-groups' });
  await app.register(positionRoutes, { prefix: '/positions' });
  await app.register(positionGroupRoutes, { prefix: '/position-groups' });
  await app.register(roleRoutes, { prefix: '/roles' });
  await app.register(systemRoutes);
  await app.register(siteSettingsRoutes);
  await app.register(taskRoutes, { prefix: '/tasks' });
  await app.register(unifiedTaskRoutes, { prefix: '/unified-tasks' });
  await app.register(legacyTemplateRoutes, { prefix: '/task-templates' });
  await app.register(assignmentRoutes, { prefix: '/position-task-assignments' });
  await app.register(dependencyRoutes, { prefix: '/task-dependencies' });
  await app.register(workEntryRoutes, { prefix: '/work-entries' });
  await app.register(workEntryArchiveRoutes, { prefix: '/work-entries/archive' });
  await app.register(dashboardRoutes, { prefix: '/dashboard' });
  await app.register(fieldRoutes, { prefix: '/field' });
  await app.register(auditEventRoutes, { prefix: '/audit-events' });
  await app.register(eventsRoutes, { prefix: '/events' });
  await app.register(trashRoutes, { prefix: '/trash' });
  await app.register(visitScheduleRoutes, { prefix: '/visit-schedules' });
  await app.register(coverageRoutes, { prefix: '/coverage' });
}
