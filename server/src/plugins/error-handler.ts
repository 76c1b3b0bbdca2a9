/**
 * Every failure answers with the stable error body. Validation, parsing and size errors name the
 * field; database clashes become 409; a lost database becomes 503; anything else is a 500 whose
 * body says nothing about internals (the log has the details).
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { mapDatabaseError } from '../lib/db-errors.ts';
import { errorBody, HttpError } from '../lib/errors.ts';
import { detailsFromAjv } from '../lib/validation.ts';

const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; message: string; code: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    message: 'The request body is not valid JSON',
    code: 'INVALID_JSON',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'The request body is empty', code: 'INVALID_JSON' },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    message: 'The request body is too large',
    code: 'BODY_TOO_LARGE',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    message: 'Unsupported content type',
    code: 'UNSUPPORTED_MEDIA_TYPE',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'Invalid content length', code: 'BAD_REQUEST' },
  FST_ERR_CTP_INVALID_TYPE: { status: 400, message: 'Invalid content type', code: 'BAD_REQUEST' },
};

export default fp(async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError & Partial<HttpError>, request, reply) => {
    if (err instanceof HttpError) {
      if (err.headers) reply.headers(err.headers);
      if (err.statusCode >= 500) request.log.error({ err }, err.message);
      return reply.code(err.statusCode).send(errorBody(err.statusCode, err.message, err.code, err.details));
    }
    if (err.validation) {
      const details = detailsFromAjv(err.validation as never).map((d) => ({
        ...d,
        field: d.field === '_' ? (err.validationContext ?? 'body') : d.field,
      }));
      const message =
        details.length === 1 ? `${details[0].field}: ${details[0].message}` : 'Some fields are not valid';
      return reply.code(400).send(errorBody(400, message, 'VALIDATION_ERROR', details));
    }
    const known = err.code ? FASTIFY_CLIENT_ERRORS[err.code] : undefined;
    if (known) {
      return reply
        .code(known.status)
        .send(
          errorBody(known.status, known.message, known.code, [{ field: 'body', message: known.message }]),
        );
    }
    const mapped = mapDatabaseError(err);
    if (mapped) {
      if (mapped.statusCode >= 500) request.log.warn({ err }, 'database unavailable');
      return reply
        .code(mapped.statusCode)
        .send(errorBody(mapped.statusCode, mapped.message, mapped.code, mapped.details));
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.code(err.statusCode).send(errorBody(err.statusCode, err.message, err.code));
    }
    request.log.error({ err }, 'unhandled error');
    return reply
      .code(500)
      .send(errorBody(500, 'Something went wrong on our side. Please try again.', 'INTERNAL_ERROR'));
  });
});
