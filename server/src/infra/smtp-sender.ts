/**
 * The SMTP conversation itself, through nodemailer's pooled transport: used on the mail thread
 * (infra/mail-thread.ts) or, when no thread can start, on the main thread (infra/mailer.ts).
 */
import nodemailer from 'nodemailer';

/** A slow or unreachable mail server makes a request wait at most about this long. */
const TIMEOUT_MS = 10_000;
/** Connections kept open to the mail server (notification bursts reuse them). */
const POOL_CONNECTIONS = 4;

/** What goes to the SMTP server. */
export interface SmtpMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends through SMTP; answers null once the server accepted the message, else what went wrong. */
export interface SmtpSender {
  send(message: SmtpMessage): Promise<Error | null>;
  close(): void;
}

/** Sends on this thread, through a pool of kept-open connections. */
export function smtpSender(smtpUrl: string, from: string): SmtpSender {
  const transport = nodemailer.createTransport(
    {
      url: smtpUrl,
      // A few kept-open connections: a burst of notification emails does not open one per message.
      pool: true,
      maxConnections: POOL_CONNECTIONS,
      connectionTimeout: TIMEOUT_MS,
      greetingTimeout: TIMEOUT_MS,
      socketTimeout: TIMEOUT_MS,
    },
    { from },
  );
  return {
    async send(message) {
      try {
        await transport.sendMail(message);
        return null;
      } catch (err) {
        return err instanceof Error ? err : new Error(String(err));
      }
    },
    close() {
      transport.close();
    },
  };
}
