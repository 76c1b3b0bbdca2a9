/**
 * Writes the field app's install icons (public/field-icon-192.png, -512.png and the maskable
 * 512) and its SVG: a white tag on the field app's deep blue. Plain PNG written with zlib, so no
 * image package is needed. Run: `node scripts/field-icons.ts`.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';

const BLUE = [0x0b, 0x3d, 0x91];
const WHITE = [0xff, 0xff, 0xff];
const PUBLIC = path.join(import.meta.dirname, '..', 'public');

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** Inside the tag shape (a rounded label with a hole), in units of the icon's size; `pad` shrinks it for maskable icons. */
function inTag(x: number, y: number, pad: number): boolean {
  const u = (v: number) => (v - pad) / (1 - 2 * pad);
  const [px, py] = [u(x), u(y)];
  const inBody = px > 0.22 && px < 0.78 && py > 0.3 && py < 0.82;
  const inPoint = py >= 0.14 && py <= 0.3 && Math.abs(px - 0.5) < ((py - 0.14) / 0.16) * 0.28;
  const hole = (px - 0.5) ** 2 + (py - 0.36) ** 2 < 0.045 ** 2;
  return (inBody || inPoint) && !hole;
}

function png(size: number, pad: number): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const colour = inTag((x + 0.5) / size, (y + 0.5) / size, pad) ? WHITE : BLUE;
      row.set(colour, 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

writeFileSync(path.join(PUBLIC, 'field-icon-192.png'), png(192, 0.08));
writeFileSync(path.join(PUBLIC, 'field-icon-512.png'), png(512, 0.08));
writeFileSync(path.join(PUBLIC, 'field-icon-maskable-512.png'), png(512, 0.18));
writeFileSync(
  path.join(PUBLIC, 'field-icon.svg'),
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><title>Tagger field</title><rect width="100" height="100" rx="18" fill="#0b3d91"/><path d="M50 18 L72 38 V78 H28 V38 Z" fill="#fff"/><circle cx="50" cy="42" r="5" fill="#0b3d91"/></svg>\n`,
);
console.log('wrote public/field-icon-{192,512,maskable-512}.png and field-icon.svg');
