/**
 * Accounts by email in the browser, on a real SMTP server the test runs (support/smtp.ts): the
 * admin invites a user from the Users screen, the test reads the email, opens its link in the
 * invitee's browser, sets a password and signs in. Then the forgotten password: the sign-in
 * page's link, the email, a new password, and the browser signed in before is signed out.
 * axe on the new pages; phone-sized screenshots of them.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from '../server/support/smtp.ts';
import { axeProblems, cleanScreenshot as shot } from './a11y.ts';
import {
  ADMIN,
  chooseDropdownOption,
  launchBrowser,
  newPage,
  openSignedIn,
  type RunningServer,
  signIn,
  startServer,
} from './support.ts';

const INVITEE = { first: 'Iida', last: 'Ilmonen', email: 'iida@example.com' };
const FIRST_PASSWORD = 'Own-Pass-1';
const NEW_PASSWORD = 'Fresh-Pass-2';

/** Fills the password page's two fields and saves; the page goes to the sign-in page. */
async function setPassword(page: Page, password: string) {
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('New password again', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Save password' }).click();
  await page.waitForURL((u) => u.pathname === '/login');
}

describe('accounts by email', () => {
  let smtp: TestSmtp;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer((url) => ({
      SMTP_URL: smtp.url,
      PUBLIC_URL: url,
      MAIL_FROM: 'Tagger <noreply@example.com>',
    }));
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  it('the admin invites a user, who sets a password from the email and signs in', async () => {
    const admin = await openSignedIn(browser, server.url, ADMIN, '/users');
    const { page } = admin;
    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('First name').fill(INVITEE.first);
    await dialog.getByLabel('Last name').fill(INVITEE.last);
    await dialog.getByLabel('Email').fill(INVITEE.email);
    await dialog.getByText('Leave empty to email an invitation').waitFor();
    await chooseDropdownOption(page, 'user-role', 'Manager');
    await chooseDropdownOption(page, 'user-language', 'Suomi');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`Invitation emailed to ${INVITEE.email}`).first().waitFor();
    const row = page.getByRole('row').filter({ hasText: INVITEE.email });
    await row.getByText('Invited').waitFor();
    await row.getByText(/Link valid until/).waitFor();
    await row.getByRole('button', { name: `Resend invitation ${INVITEE.first} ${INVITEE.last}` }).waitFor();
    expect(await axeProblems(page, '.p-datatable')).toEqual([]);
    await shot(page, 'users-invited');
    await admin.context.close();

    const mail = await smtp.waitFor(INVITEE.email);
    expect(mail).toMatchObject({ subject: 'Kutsu työmaalle Tagger Site Tagger Adminissa', language: 'fi' });
    expect(mail.link?.startsWith(`${server.url}/set-password?token=`)).toBe(true);

    // The invitee's own browser, in English (the console follows the browser until they choose).
    const { context, page: invitee } = await newPage(browser);
    await invitee.goto(mail.link ?? '');
    await invitee.getByRole('heading', { name: 'Set your password' }).waitFor();
    await invitee.getByText(`Welcome, ${INVITEE.first}. Choose a password for ${INVITEE.email}.`).waitFor();
    expect(await axeProblems(invitee, 'main')).toEqual([]);
    // The password rules: at least 6 characters, typed twice alike.
    await invitee.getByLabel('New password', { exact: true }).fill('short');
    await invitee.getByRole('button', { name: 'Save password' }).click();
    await invitee.getByText('Minimum length is 6 characters').waitFor();
    await setPassword(invitee, FIRST_PASSWORD);
    await invitee.getByText('Your password is set. Sign in with it.').waitFor();
    expect(await invitee.getByLabel('Email').inputValue()).toBe(INVITEE.email);
    await invitee.getByLabel('Password', { exact: true }).fill(FIRST_PASSWORD);
    await invitee.getByRole('button', { name: 'Sign In' }).click();
    await invitee.waitForURL((u) => !u.pathname.startsWith('/login'));
    await invitee.locator('.topbar__name', { hasText: `${INVITEE.first} ${INVITEE.last}` }).waitFor();

    // The link was for one use.
    const again = await newPage(browser);
    await again.page.goto(mail.link ?? '');
    await again.page.getByText('This link has been used already.').waitFor();
    await again.context.close();
    // Kept signed in for the next test.
    signedInInvitee = { close: () => context.close(), page: invitee };
  });

  let signedInInvitee: { close(): Promise<void>; page: Page } | undefined;

  it('a forgotten password: the sign-in page’s link, the email, a new password; other sessions end', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: 'Forgot your password?' }).waitFor();
    expect(await axeProblems(page, 'main')).toEqual([]);
    await shot(page, 'login-390');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    expect(await axeProblems(page, 'main')).toEqual([]);
    await page.getByLabel('Email').fill(INVITEE.email);
    await shot(page, 'forgot-password-390');
    await page.getByRole('button', { name: 'Send link' }).click();
    await page.getByText(/If an account with this email exists/).waitFor();
    const mail = await smtp.waitFor(INVITEE.email);
    expect(mail).toMatchObject({ subject: 'Tagger Admin -salasanan vaihto', language: 'fi' });
    expect(mail.link?.startsWith(`${server.url}/reset-password?token=`)).toBe(true);

    await page.goto(mail.link ?? '');
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    expect(await axeProblems(page, 'main')).toEqual([]);
    await shot(page, 'reset-password-390');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await setPassword(page, NEW_PASSWORD);
    await page.getByText(/Your password has been changed/).waitFor();
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await context.close();

    // The invitee's first browser was signed out by the reset: a reload lands on the sign-in page.
    if (signedInInvitee) {
      await signedInInvitee.page.reload();
      await signedInInvitee.page.waitForURL((u) => u.pathname.startsWith('/login'));
      await signedInInvitee.close();
    }
    // And the old password no longer signs in.
    const old = await newPage(browser);
    await old.page.goto(`${server.url}/login`);
    await old.page.getByLabel('Email').fill(INVITEE.email);
    await old.page.getByLabel('Password', { exact: true }).fill(FIRST_PASSWORD);
    await old.page.getByRole('button', { name: 'Sign In' }).click();
    await old.page.getByText('Invalid email or password').waitFor();
    await signIn(old.page, INVITEE.email, NEW_PASSWORD);
    await old.context.close();
  });
});
