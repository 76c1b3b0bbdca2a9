/**
 * Small generated photos for demo data and browser tests: a PNG of a sky, a horizon and a site
 * hut in a colour of its own, written with zlib alone (no image library), a few kilobytes each.
 */
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A `width`×`height` PNG; `seed` picks the hut's colour and place, so photos differ. */
export function sitePhoto(seed: number, width = 160, height = 120): Buffer {
  const hue = (seed * 47) % 360;
  const [r, g, b] = hsl(hue, 0.65, 0.5);
  const hutX = 20 + ((seed * 13) % (width - 70));
  const horizon = Math.round(height * 0.6);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      let px: [number, number, number];
      const inHut = x >= hutX && x < hutX + 44 && y >= horizon - 28 && y < horizon + 6;
      if (inHut) px = [r, g, b];
      else if (y < horizon)
        px = [150 + Math.round((y / horizon) * 60), 190 + Math.round((y / horizon) * 40), 235];
      else px = [120 - Math.round(((y - horizon) / height) * 40), 105, 80];
      raw.set(px, row + 1 + x * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function hsl(h: number, s: number, l: number): [number, number, number] {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}
