/**
 * buildApp(): the whole server as a Fastify instance, ready for app.inject() in tests or for
 * listen() in server.ts. Registers plugins, then routes.
 */
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { bootstrapFirstStart, renormalizeEmails } from './bootstrap.ts';
import { type Config, trustProxyOption } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { createServices } from './infra/create.ts';
import type { JobDefinition } from './jobs/definition.ts';
import { idleJobs, scheduleJobs } from './jobs/index.ts';
import type { WorkerDefinition } from './jobs/workers.ts';
import { errorBody } from './lib/errors.ts';
import { lazySerializerFactory, lazyValidatorCompiler } from './lib/lazy-compilers.ts';
import { loggerOptions } from './lib/logging.ts';
import { addSharedSchemas, validatorCompiler } from './lib/validation.ts';
import auditSealing from './plugins/audit-sealing.ts';
import authorization, { API_PREFIX } from './plugins/authorization.ts';
import errorHandler from './plugins/error-handler.ts';
import liveEvents from './plugins/live-events.ts';
import outboxNudge from './plugins/outbox-nudge.ts';
import requestId, { requestIdGenerator } from './plugins/request-id.ts';
import securityHeaders from './plugins/security-headers.ts';
import staticConsole from './plugins/static-console.ts';
import storableInput from './plugins/storable-input.ts';
import swagger from './plugins/swagger.ts';
import { loadJwtSecret } from './repositories/server-secrets.ts';
import apiRoutes, { SHARED_SCHEMAS } from './routes/index.ts';
import './types.ts';

export interface BuildOptions {
  config: Config;
  /** An open database to use (tests share nothing else); otherwise one is opened from the config. */
  database?: Database;
  logger?: boolean | Record<string, unknown>;
  /** Serve the built console (default: when config.staticDir has an index.html). */
  serveConsole?: boolean;
  /**
   * Run the background jobs (jobs/index.ts): the server does, tests and scripts do not. A list runs
   * those definitions instead of the product's (tests of the runners).
   */
  jobs?: boolean | JobDefinition[];
  /**
   * Run the workers (jobs/workers.ts: the outbox and its deliveries) without the jobs, or a list of
   * them (tests). With `jobs`, every worker runs.
   */
  workers?: WorkerDefinition[];
  /**
   * Compile each route's schemas on first use; by default as `config.schemaCompile` says (`start`
   * for the server, `first-use` in the tests' config).
   */
  lazyCompile?: boolean;
  /**
   * Write the audit log (default). Only the audit benchmark turns it off, to measure its cost side
   * by side; there is deliberately no environment setting for it.
   */
  audit?: boolean;
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const lazyCompile = options.lazyCompile ?? config.schemaCompile === 'first-use';
  // Redaction and the safe error serialiser apply to any logger a caller passes (tests pass a stream).
  const logger =
    options.logger === false
      ? false
      : { ...loggerOptions(config.logLevel), ...(typeof options.logger === 'object' ? options.logger : {}) };
  const app = Fastify({
    logger,
    bodyLimit: 256 * 1024,
    trustProxy: trustProxyOption(config.trustProxy),
    // Every log line of a request carries its id (reqId); plugins/request-id.ts says which id.
    genReqId: requestIdGenerator(config.trustProxy),
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true },
    ...(lazyCompile
      ? { schemaController: { compilersFactory: { buildSerializer: lazySerializerFactory } } }
      : {}),
    // Errors the router raises before any route (a path parameter past maxParamLength, a path that
    // does not decode) answer with the standard error body too, without echoing the URL back.
    frameworkErrors: (error, request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const status = tooLong ? 414 : 400;
      const message = tooLong ? 'A path parameter is too long' : 'The request path is not valid';
      // No hook runs for these: the request id is added here (plugins/request-id.ts does it for the rest).
      (reply as FastifyReply)
        .code(status)
        .header('x-request-id', request.id)
        .send({ ...errorBody(status, message, tooLong ? 'URI_TOO_LONG' : 'BAD_URL'), requestId: request.id });
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setValidatorCompiler(lazyCompile ? lazyValidatorCompiler(validatorCompiler) : validatorCompiler);
  addSharedSchemas(SHARED_SCHEMAS);
  for (const schema of SHARED_SCHEMAS) app.addSchema(schema);

  const ownsDatabase = !options.database;
  const database =
    options.database ??
    (await openDatabase({
      url: config.databaseUrl,
      dataDir: config.dataDir,
      pgliteThread: config.pgliteThread,
    }));
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('auditEnabled', options.audit !== false);

  try {
    const jwtSecret = await loadJwtSecret(database.db, config);
    const services = await createServices(config, jwtSecret, app.log, database.db);
    app.decorate('services', services);
    await bootstrapFirstStart(database.db, config, services.passwords, app.log);
    await renormalizeEmails(database.db, app.log);
  } catch (err) {
    if (ownsDatabase) await database.close();
    throw err;
  }

  app.addHook('onClose', async () => {
    app.services.mailer.close();
    await app.services.redis?.quit().catch(() => {});
    app.services.photos.close();
    if (ownsDatabase) await database.close();
  });

  await app.register(requestId);
  app.decorate(
    'jobs',
    options.jobs || options.workers
      ? scheduleJobs(
          app,
          Array.isArray(options.jobs) ? options.jobs : options.jobs ? undefined : [],
          options.workers,
        )
      : idleJobs(),
  );

  await app.register(errorHandler);
  await app.register(cookie);
  await app.register(securityHeaders);
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(authorization);
  await app.register(storableInput);
  await app.register(liveEvents);
  await app.register(outboxNudge);
  await app.register(auditSealing);
  await app.register(swagger);
  await app.register(apiRoutes, { prefix: API_PREFIX });
  await app.register(staticConsole, {
    root: options.serveConsole !== false && config.staticDir ? config.staticDir : undefined,
  });
  return app;
}
