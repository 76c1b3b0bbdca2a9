/** /webhooks: the site's webhook endpoints and their deliveries; system.settings (admins). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, MessageResponse } from '../../schemas/common.ts';
import {
  DeliveryParams,
  WebhookCreate,
  WebhookDeliveryList,
  WebhookDeliveryQuery,
  WebhookDeliveryResponse,
  WebhookList,
  WebhookResponse,
  WebhookTestResult,
  WebhookUpdate,
  WebhookWithSecret,
} from '../../schemas/webhook.ts';
import { conflict, contextOf, notFound, routeKit } from '../kit.ts';
import * as service from './service.ts';

const { op } = routeKit('webhooks');
const missing = notFound('webhook');
const ACCESS = 'system.settings';

const SIGNATURE_DOC =
  'Each delivery is a POST of JSON `{id, type, created_at, site, data}` with the headers ' +
  '`Tagger-Event` (the type), `Tagger-Delivery` (the delivery id, the same on every retry: drop one already handled) and ' +
  '`Tagger-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the secret>`. ' +
  'Recompute it over the raw body, compare in constant time, and refuse a t more than 5 minutes from your clock. ' +
  'A 2xx within 10 s is success; otherwise it is retried after 10 s, doubling up to an hour, for 24 hours, in order per record. ' +
  'An endpoint failing for a whole day is switched off and the site’s admin email is told.';

const webhookRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps: service.WebhookDeps = { config: app.config, nudge: (name) => app.jobs.workers.nudge(name) };

  app.get(
    '',
    op(
      ACCESS,
      { operationId: 'listWebhooks', summary: 'The site’s webhook endpoints' },
      { response: { 200: WebhookList } },
    ),
    async (request) => service.listWebhooks(contextOf(app, request)),
  );
  app.post(
    '',
    op(
      ACCESS,
      {
        operationId: 'createWebhook',
        summary: 'Register a webhook endpoint; the answer carries its signing secret, shown this once',
        description: SIGNATURE_DOC,
      },
      { body: WebhookCreate, response: { 201: WebhookWithSecret } },
    ),
    async (request, reply) =>
      reply.code(201).send(await service.createWebhook(contextOf(app, request), deps, request.body)),
  );
  app.get(
    '/:id',
    op(
      ACCESS,
      { operationId: 'getWebhook', summary: 'One webhook endpoint (never its secret)' },
      { params: IdParams, response: { 200: WebhookResponse, ...missing } },
    ),
    async (request) => ({ webhook: await service.getWebhook(contextOf(app, request), request.params.id) }),
  );
  app.put(
    '/:id',
    op(
      ACCESS,
      {
        operationId: 'updateWebhook',
        summary: 'Change a webhook endpoint; switching it on again clears a switch-off after failures',
      },
      { params: IdParams, body: WebhookUpdate, response: { 200: WebhookResponse, ...missing } },
    ),
    async (request) => ({
      webhook: await service.updateWebhook(contextOf(app, request), deps, request.params.id, request.body),
    }),
  );
  app.delete(
    '/:id',
    op(
      ACCESS,
      { operationId: 'deleteWebhook', summary: 'Delete a webhook endpoint and its delivery log' },
      { params: IdParams, response: { 200: MessageResponse, ...missing } },
    ),
    async (request) => service.deleteWebhook(contextOf(app, request), request.params.id),
  );
  app.post(
    '/:id/rotate-secret',
    op(
      ACCESS,
      {
        operationId: 'rotateWebhookSecret',
        summary: 'Replace the signing secret; the answer carries the new one, shown this once',
      },
      { params: IdParams, response: { 200: WebhookWithSecret, ...missing } },
    ),
    async (request) => service.rotateSecret(contextOf(app, request), deps, request.params.id),
  );
  app.post(
    '/:id/test',
    op(
      ACCESS,
      {
        operationId: 'testWebhook',
        summary:
          'Send a `ping` event now and answer what the receiver said (logged as a delivery, not retried)',
      },
      { params: IdParams, response: { 200: WebhookTestResult, ...missing } },
    ),
    async (request) => service.testWebhook(contextOf(app, request), deps, request.params.id),
  );
  app.get(
    '/:id/deliveries',
    op(
      ACCESS,
      {
        operationId: 'listWebhookDeliveries',
        summary: 'An endpoint’s deliveries, newest first, a page at a time',
      },
      {
        params: IdParams,
        querystring: WebhookDeliveryQuery,
        response: { 200: WebhookDeliveryList, ...missing },
      },
    ),
    async (request) => service.listDeliveries(contextOf(app, request), request.params.id, request.query),
  );
  app.post(
    '/:id/deliveries/:deliveryId/retry',
    op(
      ACCESS,
      { operationId: 'retryWebhookDelivery', summary: 'Send a pending or failed delivery again now' },
      {
        params: DeliveryParams,
        response: {
          200: WebhookDeliveryResponse,
          ...notFound('webhook delivery'),
          ...conflict('The delivery has succeeded already'),
        },
      },
    ),
    async (request) =>
      service.retryDelivery(contextOf(app, request), deps, request.params.id, request.params.deliveryId),
  );
};

export default webhookRoutes;
