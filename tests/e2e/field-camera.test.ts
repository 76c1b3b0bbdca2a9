/**
 * Scanning a tag's QR code with the camera, in Chromium with a fake camera that plays a video of a
 * real QR code (written by the test with the qrcode package), so the real decoder (ZXing: Chromium
 * on Linux has no BarcodeDetector for QR) reads a real image and the field app opens the position.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  api,
  apiToken,
  CHROMIUM_ARGS,
  createUser,
  type RunningServer,
  signIn,
  startServer,
} from './support.ts';

const WORKER = {
  first_name: 'Ville',
  last_name: 'Kamera',
  email: 'kamera@example.com',
  password: 'Worker1!',
  role: 'worker',
};
const TAG = 'CAM0042A';
const [W, H] = [640, 480];

/** A few frames of a still QR code as a Y4M video (4:2:0, grey: the chroma planes are neutral). */
function qrVideo(text: string): Buffer {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const scale = Math.floor(Math.min(W, H) / (modules.size + 2 * quiet));
  const side = scale * (modules.size + 2 * quiet);
  const [left, top] = [Math.floor((W - side) / 2), Math.floor((H - side) / 2)];
  const luma = Buffer.alloc(W * H, 235);
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      const [row, col] = [Math.floor(y / scale) - quiet, Math.floor(x / scale) - quiet];
      const dark = row >= 0 && col >= 0 && row < modules.size && col < modules.size && modules.get(row, col);
      if (dark) luma[(top + y) * W + left + x] = 16;
    }
  const chroma = Buffer.alloc((W / 2) * (H / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  return Buffer.concat([
    Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`),
    ...Array(10).fill(frame),
  ]);
}

describe('field app: camera', () => {
  let server: RunningServer;
  let browser: Browser;
  let dir: string;

  beforeAll(async () => {
    server = await startServer();
    const admin = await apiToken(server.url, ADMIN.email, ADMIN.password);
    await createUser(server.url, admin, WORKER);
    const made = await api(
      server.url,
      'POST',
      '/positions',
      { position_code: 'K-7', position_name: 'Crane base', nfc_tag_id: TAG },
      admin,
    );
    if (made.status !== 201) throw new Error(`position: ${made.status}`);
    dir = mkdtempSync(path.join(os.tmpdir(), 'tagger-camera-'));
    const video = path.join(dir, 'qr.y4m');
    writeFileSync(video, qrVideo(`${server.url}/t/${TAG}`));
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        ...CHROMIUM_ARGS,
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('reads the QR code of a tag with the camera and opens its position', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      permissions: ['camera'],
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await signIn(page, WORKER.email, WORKER.password);
    await page.waitForURL((u) => u.pathname === '/field');
    await page.getByRole('button', { name: 'Scan a tag' }).click();
    await page.getByText('Point the camera at the QR code on the tag.').waitFor();
    // The position opens, or the scan gives up with a line saying why: fail with that line.
    const problem = page.getByRole('alert');
    const outcome = await Promise.race([
      page
        .waitForURL((u) => u.pathname === `/t/${TAG}`, { timeout: 45_000 })
        .then(
          () => 'opened',
          (e: Error) => e.message,
        ),
      problem.waitFor({ timeout: 45_000 }).then(
        async () => `the scan stopped: ${await problem.textContent()}`,
        () => 'no position opened in 45 s',
      ),
    ]);
    expect(outcome).toBe('opened');
    await page.getByRole('heading', { name: 'Crane base' }).waitFor();
    await context.close();
  }, 90_000);
});
