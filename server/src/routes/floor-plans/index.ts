/** /floor-plans: positions.read reads, positions.update changes. */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type Static, Type } from '@sinclair/typebox';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from '../../lib/validation.ts';
import { IdParams, MessageResponse } from '../../schemas/common.ts';
import {
  FloorPlanCreate,
  FloorPlanImageBody,
  FloorPlanList,
  FloorPlanPlacements,
  FloorPlanResponse,
  FloorPlanUpdate,
} from '../../schemas/coverage-map.ts';
import { byId, created, updated } from '../handlers.ts';
import { contextOf, notFound, routeKit } from '../kit.ts';
import * as service from './service.ts';

const { op } = routeKit('floor-plans');
const missing = notFound('floor plan');

/** The image upload's body is parsed by the multipart plugin in the handler, not validated as JSON. */
const multipartBody: FastifySchemaCompiler<object> = (route) =>
  route.httpPart === 'body' ? () => true : validatorCompiler(route);

const image = { schema: Type.String({ format: 'binary' }) };

const floorPlanRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart);
  const photos = app.services.photos;
  const store = {
    ...photos,
    delete: (keys: string[]) =>
      photos.delete(keys).catch((err) => app.log.warn({ err, keys }, 'floor plan files not removed')),
  };

  app.get(
    '',
    op(
      'positions.read',
      { operationId: 'listFloorPlans', summary: 'The site’s floor plans with their placements' },
      { response: { 200: FloorPlanList } },
    ),
    async (request) => service.listFloorPlans(contextOf(app, request)),
  );
  app.post(
    '',
    op(
      'positions.update',
      { operationId: 'createFloorPlan', summary: 'Create a floor plan (then upload its image)' },
      { body: FloorPlanCreate, response: { 201: FloorPlanResponse } },
    ),
    created(app, 'floor_plan', service.createFloorPlan),
  );
  app.get(
    '/:id',
    op(
      'positions.read',
      { operationId: 'getFloorPlan', summary: 'One floor plan with its placements' },
      { params: IdParams, response: { 200: FloorPlanResponse, ...missing } },
    ),
    byId(app, 'floor_plan', service.getFloorPlan),
  );
  app.put(
    '/:id',
    op(
      'positions.update',
      { operationId: 'updateFloorPlan', summary: 'Rename a floor plan or change its building or floor' },
      { params: IdParams, body: FloorPlanUpdate, response: { 200: FloorPlanResponse, ...missing } },
    ),
    updated(app, 'floor_plan', service.updateFloorPlan),
  );
  app.delete(
    '/:id',
    op(
      'positions.update',
      { operationId: 'deleteFloorPlan', summary: 'Delete a floor plan, its image and its placements' },
      { params: IdParams, response: { 200: MessageResponse, ...missing } },
    ),
    async (request) => service.deleteFloorPlan(contextOf(app, request), store, request.params.id),
  );
  app.get(
    '/:id/image',
    op(
      'positions.read',
      { operationId: 'getFloorPlanImage', summary: 'The plan’s image' },
      {
        params: IdParams,
        response: {
          200: {
            description: 'The image',
            content: { 'image/jpeg': image, 'image/png': image, 'image/webp': image },
          },
          ...missing,
        },
      },
    ),
    async (request, reply) =>
      service.sendFloorPlanImage(contextOf(app, request), store, request.params.id, reply),
  );
  app.put(
    '/:id/image',
    {
      ...op(
        'positions.update',
        {
          operationId: 'uploadFloorPlanImage',
          summary:
            'Upload or replace the plan’s image (JPEG, PNG or WebP, at most the site’s maxFileUploadSize MB)',
        },
        {
          params: IdParams,
          consumes: ['multipart/form-data'],
          body: FloorPlanImageBody,
          response: { 200: FloorPlanResponse, ...missing },
        },
      ),
      validatorCompiler: multipartBody,
    },
    async (request) => ({
      floor_plan: await service.uploadFloorPlanImage(
        contextOf(app, request),
        store,
        request.params.id,
        request,
      ),
    }),
  );
  app.put(
    '/:id/placements',
    op(
      'positions.update',
      {
        operationId: 'putFloorPlanPlacements',
        summary: 'Where positions sit on the plan (replaces them all)',
        description: 'x and y are fractions of the image’s width and height from its top left corner.',
      },
      { params: IdParams, body: FloorPlanPlacements, response: { 200: FloorPlanResponse, ...missing } },
    ),
    async (request) => ({
      floor_plan: await service.putPlacements(
        contextOf(app, request),
        request.params.id,
        request.body as Static<typeof FloorPlanPlacements>,
      ),
    }),
  );
};

export default floorPlanRoutes;
