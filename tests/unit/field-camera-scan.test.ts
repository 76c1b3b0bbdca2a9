/**
 * The camera scan's loop (src/field/scan/camera-scan.ts) with a stand-in camera and decoder: a
 * first play() that fails does not leave the video without frames, and a scan stopped while a
 * newer one starts on the same video does not take the newer one's camera away (the scan panel
 * starts a new scan on the same video whenever it restarts; a CI run's camera test waited 45 s on
 * a video left empty).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scanQrTag } from '../../src/field/scan/camera-scan.ts';

const TAG_URL = 'https://site.example/t/CAM0042A';

/** A video element as far as the scan uses it: frames come once it plays. */
function fakeVideo(failFirstPlay = false) {
  let plays = 0;
  const video = {
    srcObject: null as unknown,
    paused: true,
    readyState: 0,
    videoWidth: 0,
    play: vi.fn(async () => {
      plays++;
      if (failFirstPlay && plays === 1) throw new DOMException('interrupted', 'AbortError');
      video.paused = false;
      video.readyState = 4;
      video.videoWidth = 640;
    }),
  };
  return video;
}

function fakeStream() {
  const track = { stop: vi.fn() };
  return { track, getTracks: () => [track] };
}

let decoded: string[] = [];

beforeEach(() => {
  decoded = [];
  vi.stubGlobal('HTMLMediaElement', { HAVE_CURRENT_DATA: 2 });
  vi.stubGlobal(
    'BarcodeDetector',
    class {
      static getSupportedFormats = async () => ['qr_code'];
      detect = async () => decoded.map((rawValue) => ({ rawValue }));
    },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('camera scan', () => {
  it('plays the video again when its first play() fails, and reads the tag', async () => {
    const stream = fakeStream();
    vi.stubGlobal('navigator', { mediaDevices: { getUserMedia: vi.fn(async () => stream) } });
    const video = fakeVideo(true);
    decoded = [TAG_URL];
    const tag = await scanQrTag(video as unknown as HTMLVideoElement, new AbortController().signal);
    expect(tag).toBe('CAM0042A');
    expect(video.play.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(stream.track.stop).toHaveBeenCalled();
  });

  it('a stopped scan leaves the camera of the scan started after it on the video', async () => {
    const [first, second] = [fakeStream(), fakeStream()];
    const getUserMedia = vi.fn().mockResolvedValueOnce(first).mockResolvedValueOnce(second);
    vi.stubGlobal('navigator', { mediaDevices: { getUserMedia } });
    const video = fakeVideo();

    const stopFirst = new AbortController();
    const firstScan = scanQrTag(video as unknown as HTMLVideoElement, stopFirst.signal);
    await vi.waitFor(() => expect(video.srcObject).toBe(first));
    stopFirst.abort();
    const secondScan = scanQrTag(video as unknown as HTMLVideoElement, new AbortController().signal);
    await vi.waitFor(() => expect(video.srcObject).toBe(second));

    await expect(firstScan).rejects.toThrow('Aborted');
    expect(video.srcObject).toBe(second);
    decoded = [TAG_URL];
    await expect(secondScan).resolves.toBe('CAM0042A');
    expect(video.srcObject).toBe(null);
    expect(first.track.stop).toHaveBeenCalled();
    expect(second.track.stop).toHaveBeenCalled();
  });
});
