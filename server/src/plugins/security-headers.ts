/**
 * Security headers with a CSP that the built console satisfies (no inline scripts, no remote
 * origins but the base-map tile servers the operator allows in MAP_TILE_ORIGINS). Besides helmet's:
 * - `Cache-Control: no-store` on every API answer (user data, tokens, errors), except the OpenAPI
 *   document, so no browser or shared cache keeps them;
 * - HSTS only when the request came over https (directly, or from a proxy TRUST_PROXY trusts):
 *   sent over plain http it would be ignored, and on localhost it would pin a development host.
 *   Without includeSubDomains, so other hosts of the domain are not forced onto https.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from './authorization.ts';

const HSTS = 'max-age=31536000';
const CACHEABLE_API_PATHS = new Set([`${API_PREFIX}/openapi.json`]);

export default fp(async function securityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        // PrimeReact positions overlays with inline style attributes and injects <style> for breakpoints.
        'style-src': ["'self'", "'unsafe-inline'"],
        // Base-map tiles and styles come from the origins the operator allows (MAP_TILE_ORIGINS).
        'img-src': ["'self'", 'data:', 'blob:', ...app.config.mapTileOrigins],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", ...app.config.mapTileOrigins],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    const path = request.url.split('?')[0];
    if (path.startsWith(`${API_PREFIX}/`) && !CACHEABLE_API_PATHS.has(path))
      reply.header('cache-control', 'no-store');
    return payload;
  });
});
