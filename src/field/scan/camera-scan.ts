/**
 * Reading a QR code with the camera: the browser's BarcodeDetector where it reads QR codes,
 * else the ZXing decoder (loaded only then). Resolves with the first text that names a tag.
 */
import { tagFromText } from './parse-tag.ts';

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface DetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeDetector(): Promise<Detector | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    return (await Native.getSupportedFormats()).includes('qr_code')
      ? new Native({ formats: ['qr_code'] })
      : null;
  } catch {
    return null;
  }
}

export async function scanQrTag(video: HTMLVideoElement, signal: AbortSignal): Promise<string> {
  const detector = await nativeDetector();
  if (detector) {
    const stream = await navigator.mediaDevices.getUserMedia({
      video: { facingMode: 'environment' },
      audio: false,
    });
    video.srcObject = stream;
    await video.play();
    try {
      while (!signal.aborted) {
        const found = await detector.detect(video).catch(() => []);
        for (const code of found) {
          const tag = tagFromText(code.rawValue);
          if (tag) return tag;
        }
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new DOMException('Aborted', 'AbortError');
    } finally {
      for (const track of stream.getTracks()) track.stop();
      video.srcObject = null;
    }
  }
  const { BrowserQRCodeReader } = await import('@zxing/browser');
  const reader = new BrowserQRCodeReader();
  return new Promise<string>((resolve, reject) => {
    let stop: (() => void) | undefined;
    let done = false;
    const finish = () => {
      done = true;
      stop?.();
    };
    signal.addEventListener('abort', () => {
      finish();
      reject(new DOMException('Aborted', 'AbortError'));
    });
    reader
      .decodeFromConstraints({ video: { facingMode: 'environment' }, audio: false }, video, (result) => {
        const tag = result ? tagFromText(result.getText()) : null;
        if (tag) {
          finish();
          resolve(tag);
        }
      })
      .then((controls) => {
        stop = () => controls.stop();
        if (done || signal.aborted) controls.stop();
      }, reject);
  });
}
