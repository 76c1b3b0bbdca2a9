/**
 * Notification emails on a real SMTP server on loopback (support/smtp.ts): a failed
 * work entry reaches the managers of its position in their language with a link to the entry;
 * nothing leaves a site with enableEmailNotifications off; quiet hours hold an email until they
 * end; a preference turned off means none; the daily digest goes once per day and recipient even
 * from two runs at once, to the site's adminEmail too; a refused message is retried, never doubled.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  notificationEmails,
  outboxEvents,
  positionGroupPositions,
  positionGroups,
  userGroupMembers,
  userGroupPositionAccess,
  userGroups,
  users,
  workEntries,
} from '../../server/src/db/schema/index.ts';
import { notificationConsumer } from '../../server/src/jobs/notification-consumer.ts';
import { runDigests } from '../../server/src/jobs/notification-digest.ts';
import { sendDueNotifications } from '../../server/src/jobs/notification-sender.ts';
import { dispatchOutbox } from '../../server/src/jobs/outbox.ts';
import { abandonStale } from '../../server/src/repositories/notifications.ts';
import { appendOutbox } from '../../server/src/repositories/outbox.ts';
import { DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, signInAs } from './support/actors.ts';
import { startSmtp, type TestSmtp } from './support/smtp.ts';
import { buildEntriesApp, makePosition, makeTask } from './work-entries-support.ts';

const PUBLIC_URL = 'https://tagger.example.com';

describe.each(DRIVERS)('notification emails (%s)', (driver) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let admin: Actor;
  let worker: Actor;
  let manager: Actor;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await buildEntriesApp(driver, { smtpUrl: smtp.url, publicUrl: PUBLIC_URL });
    admin = await signInAs(t, 'admin');
    worker = await signInAs(t, 'worker');
    manager = await signInAs(t, 'manager');
    await t.app.database.db
      .update(users)
      .set({ language: 'fi', firstName: 'Maija' })
      .where(eq(users.id, manager.id));
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  beforeEach(async () => {
    const { db } = t.app.database;
    await db.delete(notificationEmails);
    await db.delete(outboxEvents);
    smtp.mails.length = 0;
    smtp.refuse = false;
    await settings({ enableEmailNotifications: true, adminEmail: '', timezone: 'Europe/Helsinki' });
    await preferences(manager, { failed_entries: true, missed_visits: true, quiet_hours: null });
  });

  const db = () => t.app.database.db;
  const mailer = () => t.app.services.mailer;

  async function settings(change: Record<string, unknown>) {
    const got = await t.app.inject({ method: 'GET', url: '/api/v1/site-settings', headers: admin.headers });
    const { settings: current, version } = got.json();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/site-settings',
      headers: admin.headers,
      payload: { ...current, ...change, version },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  async function preferences(actor: Actor, change: Record<string, unknown>) {
    const got = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me/notifications',
      headers: actor.headers,
    });
    expect(got.statusCode, got.body).toBe(200);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/auth/me/notifications',
      headers: actor.headers,
      payload: { ...got.json().preferences, ...change },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  /** A worker checks in and the entry fails: answers the entry. */
  async function failedEntry() {
    const position = await makePosition(t);
    const task = await makeTask(t, position.id);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v1/work-entries',
      headers: worker.headers,
      payload: { position_id: position.id, task_id: task.id },
    });
    expect(made.statusCode, made.body).toBe(201);
    const entry = made.json().work_entry as { id: number; position_id: number };
    const failed = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/work-entries/${entry.id}`,
      headers: worker.headers,
      payload: { status: 'failed' },
    });
    expect(failed.statusCode, failed.body).toBe(200);
    return { ...entry, position };
  }

  /** The outbox dispatcher with this consumer, then one send; as the two workers do. */
  async function deliver(now?: Date) {
    while ((await dispatchOutbox(db(), [notificationConsumer()])) > 0);
    return sendDueNotifications(db(), { mailer: mailer(), publicUrl: PUBLIC_URL, now });
  }

  const settle = () => new Promise((r) => setTimeout(r, 300));

  it('a failed work entry reaches the manager in Finnish with a link to the entry, once', async () => {
    const entry = await failedEntry();
    await deliver();
    const mail = await smtp.waitFor(manager.email);
    expect(mail.to).toEqual([manager.email]);
    expect(mail.language).toBe('fi');
    expect(mail.subject).toBe(
      `Epäonnistunut työkirjaus: ${entry.position.positionCode} ${entry.position.positionName}`,
    );
    expect(mail.text).toContain('Hei Maija,');
    expect(mail.text).toContain(`${PUBLIC_URL}/work-entries?entry=${entry.id}`);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/work-entries?entry=${entry.id}"`);
    // The admin (defaults: on) gets it in English; the worker, who manages nothing, gets none.
    const adminMail = await smtp.waitFor(admin.email);
    expect(adminMail.language).toBe('en');
    expect(adminMail.subject).toMatch(/^Failed work entry at /);
    expect(smtp.to(worker.email)).toEqual([]);
    // Nothing is sent twice: a second round finds nothing due.
    expect(await deliver()).toBe(0);
    await settle();
    expect(smtp.to(manager.email)).toHaveLength(1);
    const rows = await db().select().from(notificationEmails);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('with enableEmailNotifications off nothing leaves, and emails already owed are cancelled', async () => {
    await failedEntry();
    while ((await dispatchOutbox(db(), [notificationConsumer()])) > 0);
    expect((await db().select().from(notificationEmails)).length).toBeGreaterThan(0);
    await settings({ enableEmailNotifications: false });
    await failedEntry();
    await deliver();
    await settle();
    expect(smtp.mails).toEqual([]);
    const rows = await db().select().from(notificationEmails);
    // The second failure owes nothing at all; the first one's emails were cancelled, not sent.
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.status === 'cancelled')).toBe(true);
  });

  it('quiet hours hold the email until they end, then it is sent', async () => {
    // Quiet from an hour ago to two hours ahead, in the site's zone (Helsinki).
    const hhmm = (d: Date) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Helsinki',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(d);
    const now = Date.now();
    const to = hhmm(new Date(now + 2 * 3600_000));
    await preferences(manager, { quiet_hours: { from: hhmm(new Date(now - 3600_000)), to } });
    await failedEntry();
    await deliver();
    await smtp.waitFor(admin.email); // the admin has no quiet hours
    await settle();
    expect(smtp.to(manager.email)).toEqual([]);
    const [held] = await db()
      .select()
      .from(notificationEmails)
      .where(eq(notificationEmails.recipient, manager.email.toLowerCase()));
    expect(held.status).toBe('pending');
    const wait = held.sendAfter.getTime() - now;
    expect(wait).toBeGreaterThan(2 * 3600_000 - 120_000);
    expect(wait).toBeLessThanOrEqual(2 * 3600_000);
    // When the quiet hours end, it goes.
    await deliver(new Date(held.sendAfter.getTime() + 1000));
    const mail = await smtp.waitFor(manager.email);
    expect(mail.language).toBe('fi');
  });

  it('a missed visit links to the coverage of its position and day; late visits are off by default', async () => {
    const position = await makePosition(t);
    const window = (id: number) => ({
      id,
      position_id: position.id,
      schedule_id: null,
      schedule_name: 'Morning round',
      window_start: '2026-11-26T22:30:00.000Z',
      window_end: '2026-11-27T00:30:00.000Z',
      due_at: '2026-11-27T00:30:00.000Z',
      visited_by: null,
    });
    await appendOutbox(db(), 'main', null, [
      { kind: 'visit.missed', entityType: 'coverage_window', entityId: '9001', data: window(9001) },
      { kind: 'visit.late', entityType: 'coverage_window', entityId: '9002', data: window(9002) },
    ]);
    await deliver();
    const mail = await smtp.waitFor(manager.email);
    expect(mail.subject).toBe(`Käymättä jäänyt käynti: ${position.positionCode} ${position.positionName}`);
    // 22:30 UTC on the 26th is 00:30 on the 27th in Helsinki: the window's local day.
    expect(mail.text).toContain(
      `${PUBLIC_URL}/coverage?position=${position.id}&from=2026-11-27&to=2026-11-27`,
    );
    expect(mail.text).toContain('Morning round');
    await settle();
    expect(smtp.to(manager.email)).toHaveLength(1);
    const kinds = (await db().select().from(notificationEmails)).map((r) => r.kind);
    expect(kinds).not.toContain('visit.late');
  });

  it('a preference turned off means no email of that kind', async () => {
    await preferences(manager, { failed_entries: false });
    await failedEntry();
    await deliver();
    await smtp.waitFor(admin.email);
    await settle();
    expect(smtp.to(manager.email)).toEqual([]);
  });

  it("a manager whose user groups narrow their positions hears only of those positions'", async () => {
    const [pg] = await db()
      .insert(positionGroups)
      .values({ siteId: 'main', groupName: 'North', groupCode: `N-${driver}` })
      .returning();
    const [ug] = await db()
      .insert(userGroups)
      .values({ siteId: 'main', groupName: 'North crew', groupCode: `NC-${driver}` })
      .returning();
    await db().insert(userGroupMembers).values({ siteId: 'main', groupId: ug.id, userId: manager.id });
    await db()
      .insert(userGroupPositionAccess)
      .values({ siteId: 'main', userGroupId: ug.id, positionGroupId: pg.id });
    try {
      const outside = await failedEntry();
      await deliver();
      await smtp.waitFor(admin.email);
      await settle();
      expect(smtp.to(manager.email)).toEqual([]);
      const inside = await failedEntry();
      await db()
        .insert(positionGroupPositions)
        .values({ siteId: 'main', groupId: pg.id, positionId: inside.position.id });
      await deliver();
      const mail = await smtp.waitFor(manager.email);
      expect(mail.text).toContain(`entry=${inside.id}`);
      expect(mail.text).not.toContain(`entry=${outside.id}`);
    } finally {
      await db().delete(userGroups).where(eq(userGroups.id, ug.id));
      await db().delete(positionGroups).where(eq(positionGroups.id, pg.id));
    }
  });

  it('several events for one recipient at once go in one email', async () => {
    const a = await failedEntry();
    const b = await failedEntry();
    await deliver();
    const mail = await smtp.waitFor(manager.email);
    expect(mail.subject).toMatch(/^2 ilmoitusta/);
    expect(mail.text).toContain(`entry=${a.id}`);
    expect(mail.text).toContain(`entry=${b.id}`);
    await settle();
    expect(smtp.to(manager.email)).toHaveLength(1);
  });

  it('a refused message is retried later; one interrupted mid-send is given up, never sent twice', async () => {
    smtp.refuse = true;
    await failedEntry();
    await deliver();
    await settle();
    const [row] = await db()
      .select()
      .from(notificationEmails)
      .where(eq(notificationEmails.recipient, manager.email.toLowerCase()));
    expect(row.status).toBe('pending');
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/refused/);
    expect(row.sendAfter.getTime()).toBeGreaterThan(Date.now() + 20_000);
    smtp.refuse = false;
    expect(await deliver()).toBe(0); // not due yet
    await deliver(new Date(row.sendAfter.getTime() + 1000));
    await smtp.waitFor(manager.email);
    const [after] = await db().select().from(notificationEmails).where(eq(notificationEmails.id, row.id));
    expect(after).toMatchObject({ status: 'sent', attempts: 2 });

    // A sender that died after claiming: the row stays 'sending'; later it is failed, not resent.
    await db()
      .update(notificationEmails)
      .set({ status: 'sending', claimedAt: new Date(Date.now() - 3600_000) })
      .where(eq(notificationEmails.id, row.id));
    expect(await abandonStale(db(), new Date(Date.now() - 600_000))).toBe(1);
    const [gaveUp] = await db().select().from(notificationEmails).where(eq(notificationEmails.id, row.id));
    expect(gaveUp.status).toBe('failed');
  });

  it('the daily digest goes once per day from two runs at once, to opted-in users and the adminEmail', async () => {
    await preferences(manager, { daily_digest: true });
    await settings({ adminEmail: 'site-office@example.com' });
    // Yesterday in Helsinki: one failed entry, written with yesterday's time.
    const entry = await failedEntry();
    const now = new Date();
    const yesterday = new Date(now.getTime() - 24 * 3600_000);
    await db().update(workEntries).set({ createdAt: yesterday }).where(eq(workEntries.id, entry.id));
    await db().delete(outboxEvents);
    // 07:30 today in Helsinki, or later: a digest is due.
    const at0730 = new Date(
      `${new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Helsinki' }).format(now)}T05:30:00Z`,
    );
    const runAt = at0730 > now ? at0730 : now;
    const [one, two] = await Promise.all([runDigests(db(), runAt), runDigests(db(), runAt)]);
    const queued = [...one, ...two].reduce((sum, r) => sum + r.queued, 0);
    const rows = await db().select().from(notificationEmails).where(eq(notificationEmails.kind, 'digest'));
    expect(queued).toBe(rows.length);
    expect(rows.map((r) => r.recipient).sort()).toEqual(
      ['site-office@example.com', manager.email.toLowerCase()].sort(),
    );
    // A third run the same day owes nothing more.
    expect((await runDigests(db(), new Date(runAt.getTime() + 600_000)))[0].queued).toBe(0);
    await sendDueNotifications(db(), { mailer: mailer(), publicUrl: PUBLIC_URL, now: runAt });
    const office = await smtp.waitFor('site-office@example.com');
    expect(office.language).toBe('en');
    expect(office.subject).toMatch(/^Daily summary of /);
    expect(office.text).toMatch(/Work entries: 1 \(0 completed, 1 failed\)/);
    expect(office.text).toContain(`${PUBLIC_URL}/work-entries?from=`);
    const mine = await smtp.waitFor(manager.email);
    expect(mine.subject).toMatch(/^Päivän yhteenveto/);
    await settle();
    expect(smtp.to('site-office@example.com')).toHaveLength(1);
    expect(smtp.to(manager.email)).toHaveLength(1);
  });

  it('before 07:00 in the site zone no digest is due', async () => {
    await settings({ adminEmail: 'site-office@example.com' });
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Helsinki' }).format(new Date());
    // 06:30 Helsinki is 03:30 or 04:30 UTC; 03:30 UTC is before 07:00 in either season.
    const [run] = await runDigests(db(), new Date(`${day}T03:30:00Z`));
    expect(run).toMatchObject({ day: null, queued: 0 });
  });

  describe('preferences API', () => {
    it('managers start with failed entries and missed visits on; workers have none to choose', async () => {
      const fresh = await signInAs(t, 'owner');
      const got = await t.app.inject({
        method: 'GET',
        url: '/api/v1/auth/me/notifications',
        headers: fresh.headers,
      });
      expect(got.json()).toEqual({
        preferences: {
          failed_entries: true,
          missed_visits: true,
          late_visits: false,
          daily_digest: false,
          quiet_hours: null,
        },
        available: true,
        defaults: true,
        site_enabled: true,
      });
      const mine = await t.app.inject({
        method: 'GET',
        url: '/api/v1/auth/me/notifications',
        headers: worker.headers,
      });
      expect(mine.json()).toMatchObject({ available: false, preferences: { failed_entries: false } });
      const refused = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/auth/me/notifications',
        headers: worker.headers,
        payload: { ...mine.json().preferences, failed_entries: true },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('NOTIFICATIONS_NOT_AVAILABLE');
    });

    it('a quiet hour that is not HH:MM is refused with its field', async () => {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/auth/me/notifications',
        headers: manager.headers,
        payload: {
          failed_entries: true,
          missed_visits: true,
          late_visits: false,
          daily_digest: false,
          quiet_hours: { from: '25:00', to: '07:00' },
        },
      });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain('quiet_hours');
    });
  });
});
