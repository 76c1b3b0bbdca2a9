/**
 * The SMTP conversations on a thread of their own (lib/thread-calls.ts): composing each message
 * (MIME, quoted-printable) and talking to the mail server run off the server's event loop, so a
 * burst of notification emails does not make requests wait behind it. When the thread cannot be
 * started, mail is sent on the main thread (infra/mailer.ts smtpSender). When it stops while
 * messages are out, they are answered as failed, as a connection lost during the conversation is.
 */
import { serveThreadCalls, type ThreadCalls, threadCalls } from '../lib/thread-calls.ts';
import { type SmtpMessage, type SmtpSender, smtpSender } from './smtp-sender.ts';

const ROLE = 'smtp-sender';

interface MailServer {
  smtpUrl: string;
  from: string;
}

/** An SMTP sender on its own thread, or undefined when no thread can be started. */
export function startMailThread(smtpUrl: string, from: string): SmtpSender | undefined {
  let thread: ThreadCalls<SmtpMessage, string | null>;
  try {
    thread = threadCalls(new URL(import.meta.url), ROLE, { smtpUrl, from } satisfies MailServer);
  } catch {
    return undefined;
  }
  let closed = false;
  return {
    async send(message) {
      if (closed) return new Error('The mailer is closed');
      const error = await thread.call(message);
      if (error === undefined) return new Error('The mail thread stopped during the conversation');
      return error === null ? null : new Error(error);
    },
    close() {
      closed = true;
      thread.close();
    },
  };
}

// On the mail thread: one pooled sender for the thread's life.
let sender: SmtpSender | undefined;
serveThreadCalls<SmtpMessage, string | null, MailServer>(ROLE, async (message, server) => {
  sender ??= smtpSender(server.smtpUrl, server.from);
  const error = await sender.send(message);
  return error ? error.message : null;
});
