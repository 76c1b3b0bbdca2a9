/**
 * Starts the server: listens, and on SIGTERM or SIGINT shuts down gracefully.
 *
 * Shutdown: stop accepting connections (requests arriving on open keep-alive connections get 503
 * with `Connection: close`), let the requests in flight finish for up to SHUTDOWN_DRAIN_SECONDS
 * (default 10), then cut whatever still runs (a long CSV export ends mid-stream: the client sees a
 * cut response, not a hang; a bulk call's transaction commits or rolls back whole, as every
 * transaction does), close Redis and the database, and exit 0. If closing itself hangs, exit 1
 * five seconds later.
 */
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { logFormatFromEnv, prettyStream } from './infra/log-format.ts';

const config = loadConfig();
const drainSeconds = Number(process.env.SHUTDOWN_DRAIN_SECONDS || 10);
if (!Number.isFinite(drainSeconds) || drainSeconds < 0)
  throw new Error(
    `SHUTDOWN_DRAIN_SECONDS must be a non-negative number, got "${process.env.SHUTDOWN_DRAIN_SECONDS}"`,
  );
const logFormat = logFormatFromEnv(process.env, process.stdout.isTTY === true);

let app: Awaited<ReturnType<typeof buildApp>>;
try {
  app = await buildApp({
    config,
    jobs: true,
    logger: logFormat === 'pretty' ? { stream: prettyStream() } : true,
  });
} catch (err) {
  if (err instanceof DataDirLockedError) {
    process.stderr.write(`\n${err.message}\n\n`);
    process.exit(1);
  }
  throw err;
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal, drainSeconds }, 'shutting down: draining requests in flight');
  const cut = setTimeout(() => {
    app.log.warn('drain time is over: cutting the requests still running');
    app.server.closeAllConnections();
  }, drainSeconds * 1000);
  cut.unref();
  const hard = setTimeout(
    () => {
      app.log.error('graceful shutdown timed out; exiting');
      process.exit(1);
    },
    drainSeconds * 1000 + 5_000,
  );
  hard.unref();
  try {
    await app.close();
    app.log.info('closed: database and Redis connections ended');
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'error during shutdown');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
