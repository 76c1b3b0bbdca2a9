/**
 * The PGlite database on a thread of its own (started by pglite-thread.ts): postgres's work (WASM)
 * and the decoding of its answers run here, so the server's thread stays free to answer requests
 * while a job's batch or a big read runs. It answers one message per request, in any order (each
 * carries its id); PGlite itself queues the statements, and a transaction holds it to itself
 * until the main thread ends the transaction, exactly as it does in one thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';

export interface WorkerStart {
  /** The data folder (already locked by the main thread), or undefined for memory. */
  dir?: string;
  startParams: string[];
  /** An in-memory database starts from this dump of a data folder (a tar). */
  template?: ArrayBuffer;
}

export type WorkerRequest = { id: number } & (
  | {
      op: 'query';
      tx?: number;
      text: string;
      params?: unknown[];
      rowMode?: 'array' | 'object';
      /** Types whose values come back as the database's text (Drizzle's dates, numerics). */
      rawTypes?: number[];
    }
  | { op: 'exec'; tx?: number; text: string }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'dump' }
  | { op: 'close' }
);

export type WorkerReply = { id: number } & ({ ok: true; value: unknown } | { ok: false; error: SentError });

/** An error as it crosses threads: its message and every plain field (code, constraint, detail…). */
export type SentError = Record<string, string | number | boolean | null> & { message: string };

export function sendableError(err: unknown): SentError {
  const e = err instanceof Error ? err : new Error(String(err));
  const out: SentError = { message: e.message, name: e.name };
  for (const [key, value] of Object.entries(e)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
      out[key] = value as string | number | boolean | null;
  }
  return out;
}

/** Thrown inside a transaction's callback to end it with ROLLBACK. */
class RollBack extends Error {}

async function serve() {
  const port = parentPort;
  if (!port) throw new Error('pglite-worker.ts runs as a worker thread');
  const start = workerData as WorkerStart;
  const client = start.dir
    ? new PGlite(start.dir, { startParams: start.startParams })
    : new PGlite({
        startParams: start.startParams,
        ...(start.template ? { loadDataDir: new Blob([start.template]) } : {}),
      });
  await client.waitReady;

  const transactions = new Map<number, Transaction>();
  const ends = new Map<number, (commit: boolean) => void>();
  /** Each open transaction's end: settles once COMMIT or ROLLBACK ran. */
  const dones = new Map<number, Promise<void>>();
  const on = (tx: number | undefined): Pick<Transaction, 'query' | 'exec'> => {
    if (tx === undefined) return client;
    const open = transactions.get(tx);
    if (!open) throw new Error('Transaction is closed');
    return open;
  };
  const reply = (id: number, run: () => Promise<unknown>) => {
    run().then(
      (value) => port.postMessage({ id, ok: true, value } satisfies WorkerReply),
      (err) => port.postMessage({ id, ok: false, error: sendableError(err) } satisfies WorkerReply),
    );
  };

  port.on('message', (req: WorkerRequest) => {
    switch (req.op) {
      case 'query': {
        const parsers = Object.fromEntries((req.rawTypes ?? []).map((oid) => [oid, (v: string) => v]));
        reply(req.id, () => on(req.tx).query(req.text, req.params, { rowMode: req.rowMode, parsers }));
        return;
      }
      case 'exec':
        reply(req.id, () => on(req.tx).exec(req.text));
        return;
      case 'begin': {
        // Answered once BEGIN ran and the transaction holds the database; it ends on 'end'.
        let began!: () => void;
        let failed!: (err: unknown) => void;
        const open = new Promise<void>((resolve, reject) => {
          began = resolve;
          failed = reject;
        });
        const done = client
          .transaction(async (tx) => {
            transactions.set(req.id, tx);
            began();
            const commit = await new Promise<boolean>((resolve) => ends.set(req.id, resolve));
            if (!commit) throw new RollBack();
          })
          .catch((err) => {
            if (!(err instanceof RollBack)) throw err;
          })
          .finally(() => {
            transactions.delete(req.id);
            ends.delete(req.id);
            dones.delete(req.id);
          });
        done.catch(failed);
        reply(req.id, () => open.then(() => req.id));
        dones.set(req.id, done);
        return;
      }
      case 'end': {
        const end = ends.get(req.tx);
        const done = dones.get(req.tx);
        dones.delete(req.tx);
        if (!end || !done) {
          reply(req.id, () => Promise.reject(new Error('Transaction is closed')));
          return;
        }
        end(req.commit);
        reply(req.id, () => done);
        return;
      }
      case 'dump':
        reply(req.id, async () => (await client.dumpDataDir('none')).arrayBuffer());
        return;
      case 'close':
        reply(req.id, () => client.close());
        return;
    }
  });
  port.postMessage({ ready: true });
}

serve().catch((err) => {
  parentPort?.postMessage({ ready: false, error: sendableError(err) });
});
