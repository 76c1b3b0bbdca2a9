/**
 * Outgoing mail. With SMTP_URL, messages go through nodemailer's SMTP transport (smtp:// upgrades
 * with STARTTLS when the server offers it, smtps:// is TLS from the start). Without it nothing
 * leaves the server: each message's subject and link are logged at info level, and callers that
 * answer the person who caused the message (an admin inviting someone) hand them the link instead.
 */
import type { FastifyBaseLogger } from 'fastify';
import { startMailThread } from './mail-thread.ts';
import { smtpSender } from './smtp-sender.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the message is about (logged without SMTP). */
  link: string;
  /** What kind of message, for the log (never the recipient's address). */
  kind: string;
}

/**
 * 'sent': accepted by the SMTP server; 'logged': no SMTP_URL, only logged; 'failed': the server
 * refused or could not be reached.
 */
export type MailDelivery = 'sent' | 'logged' | 'failed';

export interface Mailer {
  /** True when messages really leave (SMTP_URL is set). */
  readonly delivers: boolean;
  /** Never throws: a failure is logged and answered as 'failed'. */
  send(mail: OutgoingMail): Promise<MailDelivery>;
  close(): void;
}

export function createMailer(options: { smtpUrl?: string; from: string }, log: FastifyBaseLogger): Mailer {
  if (!options.smtpUrl) {
    return {
      delivers: false,
      async send(mail) {
        log.info(
          { mail: { kind: mail.kind, subject: mail.subject, link: mail.link } },
          'email not sent (no SMTP_URL)',
        );
        return 'logged';
      },
      close() {},
    };
  }
  const transport =
    startMailThread(options.smtpUrl, options.from) ?? smtpSender(options.smtpUrl, options.from);
  return {
    delivers: true,
    async send(mail) {
      const error = await transport.send({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      if (error === null) {
        log.info({ mail: { kind: mail.kind, subject: mail.subject } }, 'email sent');
        return 'sent';
      }
      log.error({ err: error, mail: { kind: mail.kind } }, 'email could not be sent');
      return 'failed';
    },
    close() {
      transport.close();
    },
  };
}
