/**
 * The SMTP conversations on a thread of their own: composing each message (MIME, quoted-printable)
 * and talking to the mail server run off the server's event loop, so a burst of notification
 * emails does not make requests wait behind it. Each message goes to the thread in one message and
 * its outcome comes back in one. When the thread cannot be started, mail is sent on the main
 * thread (infra/mailer.ts smtpSender). When it stops while messages are out, they are answered as
 * failed, as a connection lost during the conversation is.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { type SmtpMessage, type SmtpSender, smtpSender } from './smtp-sender.ts';

const ROLE = 'smtp-sender';

interface Out {
  seq: number;
  message: SmtpMessage;
}

interface Back {
  seq: number;
  error: string | null;
}

/** An SMTP sender on its own thread, or undefined when no thread can be started. */
export function startMailThread(smtpUrl: string, from: string): SmtpSender | undefined {
  let worker: Worker | undefined;
  const pending = new Map<number, (error: Error | null) => void>();
  let seq = 0;
  let closed = false;
  // Only the current thread has messages out: a new one is started once it has stopped.
  const stop = (w: Worker) => () => {
    if (worker === w) worker = undefined;
    for (const [n, resolve] of pending) {
      pending.delete(n);
      resolve(new Error('The mail thread stopped during the conversation'));
    }
  };
  const start = () => {
    const w = new Worker(new URL(import.meta.url), { workerData: { role: ROLE, smtpUrl, from } });
    w.on('message', (m: Back) => {
      const resolve = pending.get(m.seq);
      pending.delete(m.seq);
      resolve?.(m.error === null ? null : new Error(m.error));
    });
    w.on('error', stop(w));
    w.on('exit', stop(w));
    // The thread never keeps the process alive by itself; a message out keeps its caller waiting.
    // After the listeners: adding a 'message' listener refs the worker again.
    w.unref();
    return w;
  };
  try {
    worker = start();
  } catch {
    return undefined;
  }
  return {
    send(message) {
      if (closed) return Promise.resolve(new Error('The mailer is closed'));
      // A thread that stopped is started again for the next message.
      worker ??= start();
      const w = worker;
      const n = ++seq;
      return new Promise((resolve) => {
        pending.set(n, resolve);
        w.postMessage({ seq: n, message } satisfies Out);
      });
    },
    close() {
      closed = true;
      void worker?.terminate();
    },
  };
}

const data = workerData as { role?: string; smtpUrl: string; from: string } | null;
if (!isMainThread && data?.role === ROLE) {
  const sender = smtpSender(data.smtpUrl, data.from);
  parentPort?.on('message', async (m: Out) => {
    const error = await sender.send(m.message);
    parentPort?.postMessage({ seq: m.seq, error: error ? error.message : null } satisfies Back);
  });
}
