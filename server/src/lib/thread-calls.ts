/**
 * Calls answered on a thread of their own, one message each way (the webhook sender and the mail
 * thread use it to keep sockets and message building off the server's event loop). The module
 * that serves the calls is also the one the thread runs: `serveThreadCalls` answers them there,
 * `threadCalls` starts the thread on the caller's side.
 *
 * Each call is numbered and answered by number. When the thread stops (an error, an exit), the
 * calls out are answered undefined and the next call starts a new thread. The thread never keeps
 * the process alive by itself; a call out keeps its caller waiting.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

interface Call<In> {
  seq: number;
  input: In;
}

interface Answer<Out> {
  seq: number;
  output: Out;
}

export interface ThreadCalls<In, Out> {
  /** The thread's answer; undefined when the thread stopped first, or after close. */
  call(input: In): Promise<Out | undefined>;
  close(): void;
}

/**
 * Starts `module` on a thread now, as `role` (throws when no thread can be started); `data`
 * reaches the thread's answers.
 */
export function threadCalls<In, Out>(module: URL, role: string, data: object = {}): ThreadCalls<In, Out> {
  let worker: Worker | undefined;
  let closed = false;
  let seq = 0;
  // Only the current thread has calls out: a new one starts once the last one has stopped.
  const pending = new Map<number, (output: Out | undefined) => void>();
  const start = () => {
    const w = new Worker(module, { workerData: { ...data, role } });
    const stop = () => {
      if (worker === w) worker = undefined;
      for (const [n, resolve] of pending) {
        pending.delete(n);
        resolve(undefined);
      }
    };
    w.on('message', (m: Answer<Out>) => {
      const resolve = pending.get(m.seq);
      pending.delete(m.seq);
      resolve?.(m.output);
    });
    w.on('error', stop);
    w.on('exit', stop);
    // After the listeners: adding a 'message' listener refs a worker again.
    w.unref();
    return w;
  };
  worker = start();
  return {
    call(input) {
      if (closed) return Promise.resolve(undefined);
      worker ??= start();
      const w = worker;
      const n = ++seq;
      return new Promise((resolve) => {
        pending.set(n, resolve);
        w.postMessage({ seq: n, input } satisfies Call<In>);
      });
    },
    close() {
      closed = true;
      void worker?.terminate();
    },
  };
}

/** On a thread started as `role`: answers each call (with the `data` the thread was started with). */
export function serveThreadCalls<In, Out, Data = object>(
  role: string,
  answer: (input: In, data: Data) => Promise<Out>,
): void {
  const data = workerData as (Data & { role?: string }) | null;
  if (isMainThread || !data || data.role !== role) return;
  parentPort?.on('message', async (m: Call<In>) => {
    parentPort?.postMessage({ seq: m.seq, output: await answer(m.input, data) } satisfies Answer<Out>);
  });
}
