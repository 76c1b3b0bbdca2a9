/**
 * Forgot password on a real SMTP server (support/smtp.ts): the same answer whether or not the
 * address has an account, limited per account and per address, a single-use link valid 30
 * minutes in the user's language, and completing it ends every session and trusted device.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, users } from '../../server/src/db/schema/index.ts';
import { bearer, buildTestApp, DRIVERS, login, type TestApp } from './helpers.ts';
import { startSmtp, type TestSmtp } from './support/smtp.ts';

const PUBLIC_URL = 'https://console.example.test';
const PASSWORD = 'Old-Pass-1';
let seq = 0;
let address = 0;

describe.each(DRIVERS)('password reset by email (%s)', (driver) => {
  let t: TestApp;
  let smtp: TestSmtp;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await buildTestApp(driver, {
      smtpUrl: smtp.url,
      publicUrl: PUBLIC_URL,
      resetAccountMaxRequests: 3,
      resetIpMaxRequests: 6,
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  /** A user with a password (and a language, when given). */
  async function person(values: Partial<typeof users.$inferInsert> = {}) {
    const email = `reset${++seq}@example.com`;
    const [row] = await t.database.db
      .insert(users)
      .values({
        siteId: 'main',
        email,
        firstName: 'Risto',
        lastName: 'Reset',
        role: 'worker',
        passwordHash: await t.app.services.passwords.hash(PASSWORD),
        ...values,
      })
      .returning();
    return { email, id: row.id };
  }
  /** Each test asks from its own client address, so the per-address limit is its own. */
  const ask = (payload: object, ip: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-resets',
      payload,
      remoteAddress: ip,
      headers,
    });
  const complete = (token: string, password = 'New-Pass-1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-resets/complete',
      payload: { token, password },
    });
  const tokenOf = (link?: string) => new URL(link ?? '').searchParams.get('token') ?? '';
  const nextIp = () => `10.0.0.${++address}`;

  it('answers the same for an address with an account and one without, and mails only the first', async () => {
    const { email } = await person();
    const ip = nextIp();
    const known = await ask({ email }, ip);
    const unknown = await ask({ email: 'nobody@example.com' }, ip);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    const mail = await smtp.waitFor(email);
    expect(mail).toMatchObject({ to: [email], subject: 'Reset your Tagger Admin password', language: 'en' });
    expect(mail.link).toMatch(/^https:\/\/console\.example\.test\/reset-password\?token=[\w-]{43}$/);
    expect(mail.text).toContain('expires in 30 minutes');
    expect(smtp.to('nobody@example.com')).toEqual([]);
  });

  it('mails nothing for an invited user (no password yet) or a deactivated one, with the same answer', async () => {
    const invited = await person({ passwordHash: null });
    const inactive = await person({ isActive: false });
    const ip = nextIp();
    const answers = [await ask({ email: invited.email }, ip), await ask({ email: inactive.email }, ip)];
    const reference = await ask({ email: 'nobody-else@example.com' }, ip);
    for (const a of answers) expect([a.statusCode, a.body]).toEqual([200, reference.body]);
    // A message for either would have arrived by the time this one does.
    const { email } = await person();
    await ask({ email }, ip);
    await smtp.waitFor(email);
    expect([...smtp.to(invited.email), ...smtp.to(inactive.email)]).toEqual([]);
  });

  it('writes in the saved language, else the language of the request', async () => {
    const fi = await person({ language: 'fi' });
    await ask({ email: fi.email, language: 'sv' }, nextIp());
    expect(await smtp.waitFor(fi.email)).toMatchObject({
      subject: 'Tagger Admin -salasanan vaihto',
      language: 'fi',
    });
    const none = await person();
    await ask({ email: none.email, language: 'sv' }, nextIp());
    const mail = await smtp.waitFor(none.email);
    expect(mail).toMatchObject({ subject: 'Återställ ditt lösenord i Tagger Admin', language: 'sv' });
    expect(mail.text).toContain('Hej Risto,');
  });

  it('builds the link from PUBLIC_URL, never from the Host the request names', async () => {
    const { email } = await person();
    await ask({ email }, nextIp(), { host: 'attacker.example', 'x-forwarded-host': 'attacker.example' });
    expect((await smtp.waitFor(email)).link?.startsWith(`${PUBLIC_URL}/reset-password?`)).toBe(true);
  });

  it('ends every session and trusted device, sets the password, and works once', async () => {
    const { email, id } = await person();
    const first = await login(t.app, email, PASSWORD);
    const second = await login(t.app, email, PASSWORD);
    const [{ credentialsEpoch: epoch }] = await t.database.db.select().from(users).where(eq(users.id, id));
    await ask({ email }, nextIp());
    const token = tokenOf((await smtp.waitFor(email)).link);

    const done = await complete(token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ message: expect.any(String), email });
    for (const session of [first, second]) {
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/v1/auth/me',
        headers: bearer(session.token),
      });
      expect(me.statusCode).toBe(401);
      const refreshed = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/refresh',
        headers: { 'content-type': 'application/json', cookie: session.cookie },
      });
      expect(refreshed.statusCode).toBe(401);
    }
    // The trusted-device entries name the old credentials epoch, so they count no more.
    const [after] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(after.credentialsEpoch).toBe(epoch + 1);
    await expect(login(t.app, email, PASSWORD)).rejects.toThrow(/401/);
    const fresh = await login(t.app, email, 'New-Pass-1');
    expect(fresh.user.email).toBe(email);

    const again = await complete(token, 'Third-Pass-3');
    expect(again.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'LINK_USED' });
  });

  it('refuses an expired link and an invitation link, and a used reset stops the other reset links', async () => {
    const { email, id } = await person();
    const ip = nextIp();
    await ask({ email }, ip);
    const older = tokenOf((await smtp.waitFor(email)).link);
    await ask({ email }, ip);
    const newer = tokenOf((await smtp.waitFor(email)).link);
    expect((await complete(newer)).statusCode).toBe(200);
    expect((await complete(older)).json().code).toBe('LINK_INVALID');

    await ask({ email }, nextIp());
    const late = tokenOf((await smtp.waitFor(email)).link);
    await t.database.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(accountTokens.userId, id));
    const expired = await complete(late);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({
      code: 'LINK_EXPIRED',
      details: [{ field: 'token', rule: 'expired' }],
    });
    const accept = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/invitations/accept',
      payload: { token: late, password: 'Whatever-1' },
    });
    expect(accept.json().code).toBe('LINK_INVALID');
  });

  it('limits requests per account, whether or not it exists, from any address', async () => {
    for (const target of [(await person()).email, 'ghost@example.com']) {
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await ask({ email: target }, nextIp()));
      expect(answers.slice(0, 3).map((a) => a.statusCode)).toEqual([200, 200, 200]);
      expect(answers[3].statusCode).toBe(429);
      expect(answers[3].json()).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
      expect(Number(answers[3].headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('limits requests per address across accounts', async () => {
    const ip = nextIp();
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await ask({ email: `spray${i}@example.com` }, ip)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
  });
});
