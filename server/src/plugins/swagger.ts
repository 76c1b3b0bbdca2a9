/** The OpenAPI 3.1 document at /api/v1/openapi.json and interactive docs at /api/docs. */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from './authorization.ts';

export default fp(async function openapi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Tagger Admin API',
        version: '1.0.0',
        description:
          'The API behind the Tagger admin console: construction-site users, positions, tasks and work entries.',
      },
      servers: [{ url: API_PREFIX }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearerAuth: [] }],
    },
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) => (json.$id as string) || `def-${i}`,
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformSpecificationClone: true,
    transformSpecification: (doc) => relativePaths(doc as Record<string, unknown>),
  });
  app.get('/api/v1/openapi.json', { schema: { hide: true }, config: { access: 'public' } }, async () =>
    openApiDocument(app),
  );
});

/** The document with paths relative to the /api/v1 server, as the console's client calls them. */
export function openApiDocument(app: FastifyInstance): Record<string, unknown> {
  return relativePaths(app.swagger() as unknown as Record<string, unknown>);
}

function relativePaths(doc: { paths?: Record<string, unknown> }): Record<string, unknown> {
  const paths = Object.fromEntries(
    Object.entries(doc.paths ?? {}).map(([p, item]) => [
      p.startsWith(API_PREFIX) ? p.slice(API_PREFIX.length) || '/' : p,
      item,
    ]),
  );
  return { ...doc, paths };
}
