/**
 * Reading a QR code with the camera: the browser's BarcodeDetector where it reads QR codes,
 * else the ZXing decoder (loaded only then). One path for both: the app opens the camera and
 * plays it itself, then reads a frame every 200 ms until one names a tag. (ZXing's own camera
 * loop gave up for good when the first play() lost a race with the frame loading on a busy
 * phone; here a frame that is not ready is simply skipped.)
 */
import { tagFromText } from './parse-tag.ts';

type Detect = (video: HTMLVideoElement) => Promise<string[]>;

interface DetectorClass {
  new (options: { formats: string[] }): { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };
  getSupportedFormats(): Promise<string[]>;
}

async function nativeDetect(): Promise<Detect | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    if (!(await Native.getSupportedFormats()).includes('qr_code')) return null;
    const detector = new Native({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video)).map((code) => code.rawValue);
  } catch {
    return null;
  }
}

async function zxingDetect(): Promise<Detect> {
  const { BrowserQRCodeReader } = await import('@zxing/browser');
  const reader = new BrowserQRCodeReader();
  // decode() throws when the frame holds no readable code: that is "nothing yet", not a failure.
  return async (video) => [reader.decode(video).getText()];
}

const FRAME_GAP_MS = 200;

export async function scanQrTag(video: HTMLVideoElement, signal: AbortSignal): Promise<string> {
  const detect = (await nativeDetect()) ?? (await zxingDetect());
  const stream = await navigator.mediaDevices.getUserMedia({
    video: { facingMode: 'environment' },
    audio: false,
  });
  try {
    video.srcObject = stream;
    // play() may be interrupted (a reload of the source, a busy page): the loop below waits for
    // frames either way, and autoplay of a muted inline video is allowed.
    await video.play().catch(() => undefined);
    while (!signal.aborted) {
      // Played again while it is paused: a first play() that lost its race must not leave the
      // video without frames.
      if (video.paused) void video.play().catch(() => undefined);
      if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && video.videoWidth > 0) {
        const texts = await detect(video).catch(() => []);
        for (const text of texts) {
          const tag = tagFromText(text);
          if (tag) return tag;
        }
      }
      await new Promise((r) => setTimeout(r, FRAME_GAP_MS));
    }
    throw new DOMException('Aborted', 'AbortError');
  } finally {
    for (const track of stream.getTracks()) track.stop();
    // Only its own stream: a scan started after this one was stopped may already show its camera.
    if (video.srcObject === stream) video.srcObject = null;
  }
}
