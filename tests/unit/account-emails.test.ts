/**
 * The account emails as they leave the server: each language's subject and both bodies with the
 * link, names escaped into the HTML, one-line subjects; the log line of a server without SMTP;
 * and the emailed links' secrets kept out of logged URLs.
 */

import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { parseSmtpUrl } from '../../server/src/config.ts';
import { createMailer } from '../../server/src/infra/mailer.ts';
import { emailLanguage, invitationEmail, passwordResetEmail } from '../../server/src/lib/account-emails.ts';
import { redactUrl } from '../../server/src/lib/logging.ts';

const LINK = 'https://tagger.example.com/set-password?token=abc_DEF-123';

describe('account emails', () => {
  it.each([
    ['en', 'You are invited to Site A in Tagger Admin', 'Hello Aino,'],
    ['fi', 'Kutsu työmaalle Site A Tagger Adminissa', 'Hei Aino,'],
    ['sv', 'Inbjudan till Site A i Tagger Admin', 'Hej Aino,'],
  ] as const)(
    'writes the invitation in %s, as text and HTML, with the link in both',
    (language, subject, greeting) => {
      const mail = invitationEmail(language, { name: 'Aino', inviter: 'Ada Admin', site: 'Site A' }, LINK);
      expect(mail.subject).toBe(subject);
      expect(mail.text.startsWith(greeting)).toBe(true);
      expect(mail.text).toContain(LINK);
      expect(mail.html).toContain(`<html lang="${language}">`);
      expect(mail.html).toContain(`href="${LINK}"`);
    },
  );

  it('writes the reset in every language', () => {
    for (const language of ['en', 'fi', 'sv'] as const) {
      const mail = passwordResetEmail(
        language,
        { name: 'Aino', email: 'aino@example.com', site: 'Site A' },
        LINK,
      );
      expect(mail.text).toContain('aino@example.com');
      expect(mail.text).toContain('30');
    }
  });

  it('escapes names into the HTML and keeps the subject on one line', () => {
    const mail = invitationEmail(
      'en',
      {
        name: '<img src=x onerror=alert(1)>',
        inviter: 'Eve "Evil" & Co',
        site: 'Site\r\nBcc: victim@example.com',
      },
      LINK,
    );
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toContain('Eve &quot;Evil&quot; &amp; Co');
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });

  it('picks the first console language given, else English', () => {
    expect(emailLanguage(null, 'sv')).toBe('sv');
    expect(emailLanguage('fi', 'sv')).toBe('fi');
    expect(emailLanguage('de', undefined)).toBe('en');
  });

  it('without SMTP logs the subject and link at info level and sends nothing', async () => {
    const lines: { level: string; obj: unknown; msg: string }[] = [];
    const log = {
      info: (obj: unknown, msg: string) => lines.push({ level: 'info', obj, msg }),
      error: (obj: unknown, msg: string) => lines.push({ level: 'error', obj, msg }),
    } as unknown as FastifyBaseLogger;
    const mailer = createMailer({ from: 'x@example.test' }, log);
    expect(mailer.delivers).toBe(false);
    const mail = invitationEmail('en', { name: 'Aino', inviter: 'Ada', site: 'Site A' }, LINK);
    expect(await mailer.send({ ...mail, to: 'aino@example.com', link: LINK, kind: 'invitation' })).toBe(
      'logged',
    );
    expect(lines).toEqual([
      {
        level: 'info',
        obj: { mail: { kind: 'invitation', subject: mail.subject, link: LINK } },
        msg: 'email not sent (no SMTP_URL)',
      },
    ]);
  });

  it('redacts a token in a logged URL', () => {
    expect(redactUrl('/set-password?token=abc_DEF-123')).toBe('/set-password?token=[redacted]');
    expect(redactUrl('/x?a=1&token=s3cret&b=2')).toBe('/x?a=1&token=[redacted]&b=2');
    expect(redactUrl('/users?status=invited')).toBe('/users?status=invited');
  });

  it('takes smtp:// and smtps:// addresses, and only with PUBLIC_URL', () => {
    const site = 'https://tagger.example.com';
    expect(parseSmtpUrl(undefined, undefined)).toBeUndefined();
    expect(parseSmtpUrl('smtps://u:p@mail.example.com:465', site)).toBe('smtps://u:p@mail.example.com:465');
    expect(parseSmtpUrl('smtp://mail.example.com:587', site)).toBe('smtp://mail.example.com:587');
    expect(() => parseSmtpUrl('http://mail.example.com', site)).toThrow(/smtp/);
    expect(() => parseSmtpUrl('smtp://mail.example.com', undefined)).toThrow(/PUBLIC_URL/);
  });
});
