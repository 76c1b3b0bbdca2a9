/**
 * Webhooks in the console, on a phone (390×844): an admin adds a webhook to a
 * receiver the test runs, sees its secret once in a copyable field with the warning, sends a Test
 * and reads the receiver's answer; the receiver checks the ping's signature with that secret.
 * Axe-clean with the dialogs open; the secret is nowhere on the page once its dialog is closed.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Receiver, startReceiver } from '../server/support/webhook-receiver.ts';
import { axeProblems } from './a11y.ts';
import {
  ADMIN,
  launchBrowser,
  newPage,
  type RunningServer,
  screenshot,
  signIn,
  startServer,
} from './support.ts';

describe('webhooks in the console', () => {
  let server: RunningServer;
  let browser: Browser;
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await startReceiver();
    server = await startServer({ WEBHOOKS_ALLOW_PRIVATE: 'true' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await receiver?.close();
  });

  it('create shows the secret once, and Test pings a receiver that verifies the signature', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await page.goto(`${server.url}/login`);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto(`${server.url}/webhooks`);
    await page.getByRole('heading', { name: 'Webhooks' }).waitFor();

    await page.getByRole('button', { name: 'Add webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add webhook' });
    await dialog.getByLabel('URL').fill(receiver.url);
    await dialog.getByLabel('Description').fill('ERP');
    await dialog.getByLabel('User created').check();
    await dialog.getByLabel('Work entry failed').check();
    expect(await axeProblems(page, '.p-dialog')).toEqual([]);
    await dialog.getByRole('button', { name: 'Save' }).click();

    const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
    await secretDialog.waitFor();
    await expect.poll(() => secretDialog.getByText('shown only once').count()).toBe(1);
    const secret = await secretDialog.getByLabel('Secret', { exact: true }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    expect(await axeProblems(page, '.p-dialog')).toEqual([]);
    await screenshot(page, 'webhooks-secret-phone');
    await secretDialog.getByRole('button', { name: 'I have copied it' }).click();
    await secretDialog.waitFor({ state: 'hidden' });
    expect(await page.content()).not.toContain(secret);

    // The list shows it active; Test sends a signed ping and says what the receiver answered.
    receiver.secret = secret;
    const row = page.getByRole('row', { name: /ERP/ });
    await expect.poll(() => row.getByText('Active').count()).toBe(1);
    await row.getByRole('button', { name: `Send test to ${receiver.url}` }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'the receiver answered 200' }).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]).toMatchObject({ event: 'ping', signatureOk: true });

    // Its deliveries log lists the ping.
    await row.getByRole('button', { name: `Deliveries of ${receiver.url}` }).click();
    const log = page.getByRole('dialog', { name: `Deliveries to ${receiver.url}` });
    await expect.poll(() => log.getByText('Delivered').count(), { timeout: 10_000 }).toBe(1);
    expect(await axeProblems(page, '.p-dialog')).toEqual([]);
    await screenshot(page, 'webhooks-deliveries-phone');
    await context.close();
  });
});
