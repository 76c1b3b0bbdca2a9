/**
 * PGlite on a worker thread (pglite-worker.ts), behind the part of PGlite's interface the server
 * uses: query, exec, transaction, dumpDataDir and close, with the same answers and the same
 * errors (their code, constraint and detail cross the thread). Drizzle's PGlite driver takes it
 * as it takes PGlite.
 *
 * Why: PGlite runs postgres in WebAssembly on whatever thread calls it, so on the server's own
 * thread every statement stops the event loop for its length. On a thread of its own the server's
 * thread answers meanwhile. Off by default (PGLITE_THREAD=true): measured on a burst of 10,000
 * webhooks, the server's thread did a third of the work, but the API's p99 stayed as it was (the
 * requests queue for the one connection, not for the thread) and delivery was about 1 s slower
 * (README, The embedded database).
 *
 * The main thread keeps the worker referenced only while an answer is awaited, so a process
 * whose work is done exits as it did with PGlite in its own thread. Not lib/thread-calls.ts (the
 * mail and webhook threads): those threads hold nothing and start again after a crash, where this
 * one holds the database, and a transaction is several calls that must reach the same thread.
 */
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import type { SentError, WorkerReply, WorkerRequest, WorkerStart } from './pglite-worker.ts';

const WORKER = new URL('./pglite-worker.ts', import.meta.url);

/** What a transaction's callback gets: PGlite's Transaction, less `sql` and `listen`. */
export interface ThreadTransaction {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

type Call = {
  [K in WorkerRequest['op']]: Omit<Extract<WorkerRequest, { op: K }>, 'id'>;
}[WorkerRequest['op']];

/** An error from the database thread, as the driver would have thrown it here. */
function received(sent: SentError): Error {
  return Object.assign(new Error(sent.message), sent);
}

/** Text-keeping parsers (Drizzle keeps dates and numerics as text) travel as their type ids. */
function rawTypes(parsers: QueryOptions['parsers']): number[] | undefined {
  if (!parsers) return undefined;
  return Object.entries(parsers).map(([oid, parse]) => {
    if (parse('1', Number(oid)) !== '1')
      throw new Error(`only parsers that keep the text cross to the database thread (type ${oid})`);
    return Number(oid);
  });
}

export class PgliteThread {
  readonly #worker: Worker;
  readonly #waiting = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  #next = 1;
  #gone: Error | undefined;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (reply: WorkerReply) => {
      const waiter = this.#waiting.get(reply.id);
      if (!waiter) return;
      this.#waiting.delete(reply.id);
      if (this.#waiting.size === 0) worker.unref();
      if (reply.ok) waiter.resolve(reply.value);
      else waiter.reject(received(reply.error));
    });
    const fail = (err: Error) => {
      this.#gone ??= err;
      for (const waiter of this.#waiting.values()) waiter.reject(err);
      this.#waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the database thread ended (exit code ${code})`)));
    // After the listeners (adding a 'message' listener refs a worker again): referenced only while
    // an answer is awaited (#call).
    worker.unref();
  }

  /** Starts the thread and waits until its database is ready (or failed to start). */
  static async start(start: { dir?: string; startParams: string[]; template?: Blob }): Promise<PgliteThread> {
    const workerData: WorkerStart = {
      dir: start.dir,
      startParams: start.startParams,
      template: start.template ? await start.template.arrayBuffer() : undefined,
    };
    const worker = new Worker(WORKER, { workerData });
    await new Promise<void>((resolve, reject) => {
      const early = (code: number) => reject(new Error(`the database thread ended while starting (${code})`));
      worker.once('error', reject);
      worker.once('exit', early);
      worker.once('message', (m: { ready: boolean; error?: SentError }) => {
        worker.off('error', reject);
        worker.off('exit', early);
        if (m.ready) resolve();
        else reject(received(m.error ?? { message: 'the database thread did not start' }));
      });
    }).catch(async (err) => {
      await worker.terminate();
      throw err;
    });
    return new PgliteThread(worker);
  }

  #call<T>(call: Call): Promise<T> {
    if (this.#gone) return Promise.reject(this.#gone);
    const id = this.#next++;
    return new Promise<T>((resolve, reject) => {
      if (this.#waiting.size === 0) this.#worker.ref();
      this.#waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ ...call, id } as WorkerRequest);
    });
  }

  #query<T>(tx: number | undefined, text: string, params?: unknown[], options?: QueryOptions) {
    if (options?.serializers || options?.blob || options?.onNotice)
      return Promise.reject(new Error('serializers, blobs and notices do not cross to the database thread'));
    return this.#call<Results<T>>({
      op: 'query',
      tx,
      text,
      params,
      rowMode: options?.rowMode,
      rawTypes: rawTypes(options?.parsers),
    });
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(undefined, text, params, options);
  }

  exec(text: string): Promise<Results[]> {
    return this.#call({ op: 'exec', text });
  }

  /** PGlite's transaction: the callback's statements run alone between BEGIN and COMMIT (ROLLBACK if it throws). */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const tx = await this.#call<number>({ op: 'begin' });
    let closed = false;
    const open = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const end = (commit: boolean) => {
      closed = true;
      return this.#call<void>({ op: 'end', tx, commit });
    };
    const handle: ThreadTransaction = {
      query: async (text, params, options) => {
        open();
        return this.#query(tx, text, params, options);
      },
      exec: async (text) => {
        open();
        return this.#call({ op: 'exec', tx, text });
      },
      rollback: async () => {
        open();
        await end(false);
      },
      get closed() {
        return closed;
      },
    };
    try {
      const result = await callback(handle);
      if (!closed) await end(true);
      return result;
    } catch (err) {
      if (!closed) await end(false).catch(() => {});
      throw err;
    }
  }

  /** The data folder as a tar (uncompressed), as PGlite's dumpDataDir('none'). */
  async dumpDataDir(): Promise<Blob> {
    return new Blob([await this.#call<ArrayBuffer>({ op: 'dump' })]);
  }

  /** Closes the database (its last changes are on disk once this resolves) and ends the thread. */
  async close(): Promise<void> {
    if (this.#gone) return;
    try {
      await this.#call({ op: 'close' });
    } finally {
      this.#gone = new Error('PGlite is closed');
      await this.#worker.terminate();
    }
  }
}
