/** /unified-tasks: the template library, task instances per position, bulk creation and statistics. */
import type { FastifyPluginAsync } from 'fastify';
import instanceRoutes from './instances-routes.ts';
import positionTaskRoutes from './positions-routes.ts';
import templateRoutes from './templates-routes.ts';

const unifiedTaskRoutes: FastifyPluginAsync = async (app) => {
  await app.register(templateRoutes, { prefix: '/templates' });
  await app.register(instanceRoutes);
  await app.register(positionTaskRoutes);
};

export default unifiedTaskRoutes;
