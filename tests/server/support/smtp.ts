/**
 * A real SMTP server on loopback for the mail tests (server and browser): it accepts every message
 * (or refuses them all, to test a failing mail server) and keeps each as mailparser reads it: the
 * recipients, subject, both bodies, the HTML's language and the link the message carries.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** The <html lang> of the HTML body. */
  language: string | undefined;
  /** The first link with a token in the plain-text body. */
  link: string | undefined;
}

export interface TestSmtp {
  /** smtp://127.0.0.1:port, for SMTP_URL. */
  url: string;
  mails: CaughtMail[];
  /** The next message to `to` that arrives after `since` messages (default: any not yet taken). */
  waitFor(to: string, timeoutMs?: number): Promise<CaughtMail>;
  /** Every message to `to` so far. */
  to(to: string): CaughtMail[];
  /** While true, every recipient is refused (the app's send fails). */
  refuse: boolean;
  close(): Promise<void>;
}

const addressList = (value: unknown): string[] => {
  const lists = Array.isArray(value) ? value : value ? [value] : [];
  return lists.flatMap((l: { value: { address?: string }[] }) => l.value.map((a) => a.address ?? ''));
};

export async function startSmtp(): Promise<TestSmtp> {
  const mails: CaughtMail[] = [];
  const taken = new Set<CaughtMail>();
  const state = { refuse: false };
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: nodemailer would otherwise upgrade to TLS against a self-signed certificate.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (state.refuse)
        return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const text = parsed.text ?? '';
          const html = typeof parsed.html === 'string' ? parsed.html : '';
          mails.push({
            to: addressList(parsed.to),
            from: addressList(parsed.from)[0] ?? '',
            subject: parsed.subject ?? '',
            text,
            html,
            language: /<html lang="([^"]+)"/.exec(html)?.[1],
            link: /https?:\/\/\S+token=[\w-]+/.exec(text)?.[0],
          });
          callback();
        })
        .catch(callback);
    },
  });
  // A client that hangs up while the server still writes (EPIPE, ECONNRESET) is the server's
  // 'error' event: unheard, it is an uncaught exception in the test's process (a CI run saw one
  // during password-reset.test.ts). The mail the tests read is what arrived, whatever came after.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const find = (to: string) => mails.find((m) => !taken.has(m) && m.to.includes(to));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    get refuse() {
      return state.refuse;
    },
    set refuse(value: boolean) {
      state.refuse = value;
    },
    to: (to) => mails.filter((m) => m.to.includes(to)),
    async waitFor(to, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = find(to);
        if (mail) {
          taken.add(mail);
          return mail;
        }
        if (Date.now() > deadline) throw new Error(`no email to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
