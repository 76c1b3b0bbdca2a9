/**
 * One rule for every route, present and future: a request whose body, query or path parameters
 * carry text the database cannot store (lib/storable-text.ts) is a 400 naming the field, before
 * the route's own validation runs.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/errors.ts';
import { findUnstorableText } from '../lib/storable-text.ts';

export const UNSTORABLE_TEXT_MESSAGE = 'Contains characters that are not allowed';

export default fp(async function storableInput(app: FastifyInstance) {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const parts: [string, unknown][] = [
      ['body', request.body],
      ['querystring', request.query],
      ['params', request.params],
    ];
    for (const [part, value] of parts) {
      const path = findUnstorableText(value);
      if (path === undefined) continue;
      const field = path || part;
      throw new HttpError(400, `${field}: ${UNSTORABLE_TEXT_MESSAGE}`, {
        code: 'VALIDATION_ERROR',
        details: [{ field, message: UNSTORABLE_TEXT_MESSAGE, rule: 'characters' }],
      });
    }
  });
});
