/**
 * Serves the built console from one port with the API: hashed assets cached for a year,
 * index.html never cached, and every other GET that asks for HTML answered with index.html
 * (SPA fallback) so deep links work. The root `/` is the console whatever the Accept header (a
 * `curl` of the address, `Accept: application/json` or any, never sees a JSON 404); a deep link
 * is too when the client accepts HTML or anything (a wildcard, or no Accept header). A tag's
 * URL `/t/{tag}` (what a phone opens from an NFC tag or a QR code) is a deep link even when the
 * tag id looks like a file name (a serial number with dots): it is never a file. The field app's
 * paths (`/t/*`, `/field`, `/field/*`) answer its own page, field.html (a smaller entry for phones,
 * see vite.field.config.ts), when the build has one; a share link's `/share/*` answers share.html.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SHARE_PATH } from '#domain/coverage-share.ts';
import { isFieldPath } from '#domain/tag-url.ts';
import { errorBody } from '../lib/errors.ts';

/**
 * The one not-found handler: the SPA fallback when a console is served, else the JSON 404.
 * `root` undefined or without a build serves the API only.
 */
export default fp(async function staticConsole(app: FastifyInstance, opts: { root?: string }) {
  const root = opts.root ? path.resolve(opts.root) : undefined;
  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0];
    return reply
      .code(404)
      .send(errorBody(404, `Route ${request.method} ${url} not found`, 'ROUTE_NOT_FOUND'));
  };
  if (!root || !existsSync(path.join(root, 'index.html'))) {
    if (root)
      app.log.warn(`No built console at ${root}; run "npm run build" to serve it. The API runs without it.`);
    app.setNotFoundHandler(notFound);
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      } else {
        res.header('cache-control', 'no-cache');
      }
    },
  });
  const sendConsole = (_request: FastifyRequest, reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html');
  const fieldPage = existsSync(path.join(root, 'field.html')) ? 'field.html' : 'index.html';
  // A share link's public page: no sign-in, none of the console.
  const sharePage = existsSync(path.join(root, 'share.html')) ? 'share.html' : 'index.html';
  const pageOf = (url: string) =>
    isFieldPath(url) ? fieldPage : url.startsWith(`${SHARE_PATH}/`) ? sharePage : 'index.html';
  app.get('/', sendConsole);
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    const accept = request.headers.accept ?? '';
    const wantsHtml = accept === '' || accept.includes('text/html') || accept.includes('*/*');
    const isGet = request.method === 'GET' || request.method === 'HEAD';
    const page = url.startsWith('/t/') || (!url.startsWith('/api/') && !path.extname(url));
    if (isGet && page && wantsHtml) {
      return reply.header('cache-control', 'no-cache').sendFile(pageOf(url));
    }
    return reply
      .code(404)
      .send(errorBody(404, `Route ${request.method} ${url} not found`, 'ROUTE_NOT_FOUND'));
  });
});
