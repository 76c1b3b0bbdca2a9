/**
 * Browser-test helpers several screens' tests repeat: axe's serious and critical findings within
 * a part of the page, and a screenshot with no toast or tooltip in the way.
 */
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot } from './support.ts';

const axeSource: string = createRequire(import.meta.url)('axe-core').source;
type AxeViolation = { id: string; impact: string | null; nodes: { target: string[]; html: string }[] };

/**
 * Waits until the page's finite animations and transitions have ended (a dialog fading in, a
 * toast sliding): axe reads colours as they are painted, and text at half opacity fails contrast
 * that it passes once shown. Endless ones (spinners, a progress bar) are not waited for.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let round = 0; round < 10; round++) {
      const running = document
        .getAnimations()
        .filter((a) => a.playState !== 'finished' && a.effect?.getComputedTiming().iterations !== Infinity);
      if (running.length === 0) return;
      // A cancelled animation rejects `finished`; it is over either way.
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
  });
}

/** Serious and critical axe findings within `include` (one part or several), as "rule: selector" lines. */
export async function axeProblems(
  page: Page,
  include: string | string[],
  exclude: string[] = [],
): Promise<string[]> {
  await animationsSettled(page);
  // Evaluated through the DevTools protocol: the console's CSP (rightly) refuses an inline script tag.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(
    async ({ include, exclude }) => {
      const axe = (
        window as unknown as { axe: { run(context: object): Promise<{ violations: AxeViolation[] }> } }
      ).axe;
      return (await axe.run({ include, exclude })).violations;
    },
    { include: typeof include === 'string' ? [include] : include, exclude },
  );
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) => {
        if (process.env.AXE_DEBUG) console.log(v.id, n.html.slice(0, 200));
        return `${v.id}: ${n.target.join(' ')}`;
      }),
    );
}

/** A screenshot without toasts or tooltips in the way. */
export async function cleanScreenshot(page: Page, name: string): Promise<void> {
  // A modal's mask may cover a toast's close button: then the toast is waited out instead.
  for (const close of await page.locator('.p-toast-icon-close').all())
    await close.click({ timeout: 2000 }).catch(() => {});
  await expect.poll(() => page.locator('.p-toast-message').count()).toBe(0);
  await page.mouse.move(0, 0);
  await expect.poll(() => page.locator('.p-tooltip').count()).toBe(0);
  await screenshot(page, name);
}
