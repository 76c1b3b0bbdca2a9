/**
 * Invitations on a real SMTP server (support/smtp.ts): a user added without a password is
 * emailed a single-use link, valid 7 days, in their language, to set their own password; the
 * link is read from the message that arrived. Resend replaces the link, revoke withdraws it; the
 * users list shows who is invited. Without SMTP the admin's answer carries the link instead.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, auditEvents, sites } from '../../server/src/db/schema/index.ts';
import { createMailer } from '../../server/src/infra/mailer.ts';
import { ADMIN, bearer, buildTestApp, DRIVERS, login, type TestApp } from './helpers.ts';
import { type Actor, signInAs } from './support/actors.ts';
import { startSmtp, type TestSmtp } from './support/smtp.ts';

const PUBLIC_URL = 'https://console.example.test';
let seq = 0;

describe.each(DRIVERS)('invitations by email (%s)', (driver) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let admin: string;
  const bodies: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await buildTestApp(driver, {
      smtpUrl: smtp.url,
      publicUrl: PUBLIC_URL,
      mailFrom: 'Site <site@example.test>',
    });
    admin = (await login(t.app, ADMIN.email, ADMIN.password)).token;
  });
  afterAll(async () => {
    expect(bodies.filter((b) => b.includes('"statusCode":500'))).toEqual([]);
    await t?.close();
    await smtp?.close();
  });

  async function send(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    token = admin,
  ) {
    const res = await t.app.inject({
      method,
      url: `/api/v1${url}`,
      ...(token ? { headers: bearer(token) } : {}),
      ...(payload ? { payload } : {}),
    });
    bodies.push(res.body);
    return res;
  }
  const publicPost = (url: string, payload: object) => send('POST', url, payload, '');

  /** A new user invited as the admin; their address and the link their email carried. */
  async function invite(extra: object = {}) {
    const email = `invitee${++seq}@example.com`;
    const res = await send('POST', '/users', {
      first_name: 'Iida',
      last_name: 'Invited',
      email,
      role: 'worker',
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    const mail = await smtp.waitFor(email);
    return { email, id: res.json().user.id as number, body: res.json(), mail, token: tokenOf(mail.link) };
  }
  const tokenOf = (link?: string) => new URL(link ?? '').searchParams.get('token') ?? '';
  const accept = (token: string, password = 'First-Pass-1') =>
    publicPost('/auth/invitations/accept', { token, password });
  const listed = async (query = '') =>
    (await send('GET', `/users${query}`)).json().users as {
      id: number;
      invited: boolean;
      invitation_expires_at?: string | null;
    }[];

  it('adds a user without a password: invited, and emailed a link valid 7 days', async () => {
    const before = Date.now();
    const { email, body, mail } = await invite();
    expect(body.user).toMatchObject({ email, invited: true, is_active: true });
    expect(body.invitation).toEqual({ expires_at: expect.any(String), delivery: 'sent' });
    const days = (Date.parse(body.invitation.expires_at) - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    expect(mail).toMatchObject({
      to: [email],
      from: 'site@example.test',
      subject: 'You are invited to Tagger Site in Tagger Admin',
      language: 'en',
    });
    expect(mail.link).toMatch(/^https:\/\/console\.example\.test\/set-password\?token=[\w-]{43}$/);
    expect(mail.text).toContain('Hello Iida,');
    expect(mail.text).toContain('expires in 7 days');
    expect(mail.html).toContain(`href="${mail.link}"`);
    // The secret is never stored as it is.
    const rows = await t.database.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.userId, body.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).not.toContain(tokenOf(mail.link));
  });

  it.each([
    ['fi', 'Kutsu työmaalle Tagger Site Tagger Adminissa', 'Hei Iida,'],
    ['sv', 'Inbjudan till Tagger Site i Tagger Admin', 'Hej Iida,'],
  ])('writes the email in the user’s language (%s)', async (language, subject, greeting) => {
    const { mail } = await invite({ language });
    expect(mail).toMatchObject({ subject, language });
    expect(mail.text).toContain(greeting);
  });

  it('refuses the invited user’s sign-in until they set a password, then signs them in', async () => {
    const { email, token, id } = await invite();
    const signIn = (password: string) => publicPost('/auth/login', { email, password });
    expect((await signIn('anything')).json().code).toBe('INVALID_CREDENTIALS');

    const info = await publicPost('/auth/password-links/inspect', { token, purpose: 'invitation' });
    expect(info.json()).toMatchObject({ purpose: 'invitation', email, first_name: 'Iida' });
    // The password rules of the user form.
    const short = await accept(token, '12345');
    expect(short.statusCode).toBe(400);
    expect(short.json().details[0].field).toBe('password');

    const res = await accept(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String), email });
    expect((await signIn('First-Pass-1')).statusCode).toBe(200);
    expect((await listed()).find((u) => u.id === id)).toMatchObject({ invited: false });
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'user.invitation_accept'));
    expect(events.map((e) => e.entityId)).toContain(String(id));

    // Single use: the same link again, with the stable error body.
    const again = await accept(token, 'Second-Pass-2');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'LINK_USED' });
    expect(again.json().details).toEqual([expect.objectContaining({ field: 'token', rule: 'used' })]);
    expect((await signIn('First-Pass-1')).statusCode).toBe(200);
  });

  it('refuses an expired link, an unknown one and one for the other page', async () => {
    const { token, id } = await invite();
    await t.database.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.userId, id));
    expect((await accept(token)).json()).toMatchObject({ statusCode: 400, code: 'LINK_EXPIRED' });
    expect((await accept('not-a-real-token')).json()).toMatchObject({ code: 'LINK_INVALID' });
    const { token: other } = await invite();
    const wrongPage = await publicPost('/auth/password-resets/complete', {
      token: other,
      password: 'Reset-Pass-1',
    });
    expect(wrongPage.json()).toMatchObject({ statusCode: 400, code: 'LINK_INVALID' });
    expect((await accept(other)).statusCode).toBe(200);
  });

  it('resends a new link (the old one stops working) and revokes it', async () => {
    const { email, id, token: first } = await invite();
    const resent = await send('POST', `/users/${id}/invitation`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({ user: { id, invited: true }, invitation: { delivery: 'sent' } });
    const second = tokenOf((await smtp.waitFor(email)).link);
    expect(second).not.toBe(first);
    expect((await accept(first)).json().code).toBe('LINK_INVALID');

    const revoked = await send('DELETE', `/users/${id}/invitation`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().user).toMatchObject({ invited: true, invitation_expires_at: null });
    expect((await accept(second)).json().code).toBe('LINK_INVALID');
    // Still invited, with no working link, until sent a new one.
    const invited = await listed('?status=invited');
    expect(invited.find((u) => u.id === id)).toMatchObject({ invitation_expires_at: null });
    expect((await listed('?status=active')).some((u) => u.id === id)).toBe(false);
    const third = await send('POST', `/users/${id}/invitation`);
    expect(Date.parse(third.json().user.invitation_expires_at)).toBeGreaterThan(Date.now());
    expect((await accept(tokenOf((await smtp.waitFor(email)).link))).statusCode).toBe(200);
  });

  it('refuses resend and revoke for a user who has a password, another site’s user, and a worker', async () => {
    const withPassword = await send('POST', '/users', {
      first_name: 'Paula',
      last_name: 'Password',
      email: `pw${++seq}@example.com`,
      password: 'Own-Pass-1',
      role: 'worker',
    });
    expect(withPassword.json().invitation).toBeUndefined();
    const id = withPassword.json().user.id;
    expect((await send('POST', `/users/${id}/invitation`)).json()).toMatchObject({
      statusCode: 409,
      code: 'USER_NOT_INVITED',
    });
    expect((await send('DELETE', `/users/${id}/invitation`)).statusCode).toBe(409);

    const inactive = await send('POST', '/users', {
      first_name: 'Ilona',
      last_name: 'Inactive',
      email: `inactive${++seq}@example.com`,
      role: 'worker',
      is_active: false,
    });
    expect(inactive.json()).toMatchObject({ user: { invited: true, is_active: false } });
    expect(inactive.json().invitation).toBeUndefined();
    expect((await send('POST', `/users/${inactive.json().user.id}/invitation`)).json().code).toBe(
      'USER_INACTIVE',
    );

    const { id: invited } = await invite();
    const worker: Actor = await signInAs(t, 'worker');
    expect((await send('POST', `/users/${invited}/invitation`, undefined, worker.token)).statusCode).toBe(
      403,
    );
    await t.database.db.insert(sites).values({ id: 'other', name: 'Other site' });
    const elsewhere = await signInAs(t, 'admin', 'other');
    expect((await send('POST', `/users/${invited}/invitation`, undefined, elsewhere.token)).statusCode).toBe(
      404,
    );
    expect(
      (await send('DELETE', `/users/${invited}/invitation`, undefined, elsewhere.token)).statusCode,
    ).toBe(404);
  });

  it('stops the link when the admin sets a password, changes the address or deactivates the user', async () => {
    for (const change of [
      { password: 'Admin-Set-1' },
      { email: `moved${++seq}@example.com` },
      { is_active: false },
    ]) {
      const { id, token } = await invite();
      expect((await send('PUT', `/users/${id}`, change)).statusCode).toBe(200);
      expect((await accept(token)).json().code).toBe('LINK_INVALID');
    }
  });

  it('answers "failed" when the mail server refuses, and a resend works once it accepts again', async () => {
    smtp.refuse = true;
    const email = `refused${++seq}@example.com`;
    const res = await send('POST', '/users', {
      first_name: 'Rea',
      last_name: 'Refused',
      email,
      role: 'worker',
    });
    smtp.refuse = false;
    expect(res.statusCode).toBe(201);
    expect(res.json().invitation).toEqual({ expires_at: expect.any(String), delivery: 'failed' });
    await send('POST', `/users/${res.json().user.id}/invitation`);
    expect((await smtp.waitFor(email)).subject).toContain('invited');
  });

  it('without SMTP answers the admin with the link (and sends nothing)', async () => {
    const services = t.app.services as { mailer: ReturnType<typeof createMailer> };
    const real = services.mailer;
    services.mailer = createMailer({ from: 'x@example.test' }, t.app.log);
    try {
      const email = `nosmtp${++seq}@example.com`;
      const res = await send('POST', '/users', {
        first_name: 'Noa',
        last_name: 'Smtp',
        email,
        role: 'worker',
      });
      const { invitation } = res.json();
      expect(invitation).toMatchObject({
        delivery: 'logged',
        link: expect.stringContaining('/set-password?token='),
      });
      expect(smtp.to(email)).toEqual([]);
      expect((await accept(tokenOf(invitation.link))).statusCode).toBe(200);
    } finally {
      services.mailer = real;
    }
  });
});
