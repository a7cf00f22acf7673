import { deflateSync } from 'node:zlib';

/**
 * The pass images (Wallet needs icon.png; the logo shows top left), drawn here so the pass needs
 * no image files: the brand orange with a white parcel box.
 */

type Rgba = readonly [number, number, number, number];
const ORANGE: Rgba = [245, 124, 0, 255];
const WHITE: Rgba = [255, 255, 255, 255];
const CLEAR: Rgba = [0, 0, 0, 0];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGBA PNG whose pixels `paint` gives. */
export function png(width: number, height: number, paint: (x: number, y: number) => Rgba): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter method, no interlace
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 4 + 1);
    for (let x = 0; x < width; x += 1) rows.set(paint(x, y), row + 1 + x * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Whether (x, y) of a `size` square falls on the outline or the lid line of a parcel box. */
function onBox(x: number, y: number, size: number): boolean {
  const margin = Math.round(size * 0.22);
  const stroke = Math.max(1, Math.round(size * 0.07));
  const inside = x >= margin && x < size - margin && y >= margin && y < size - margin;
  if (!inside) return false;
  const edge = x < margin + stroke || x >= size - margin - stroke || y < margin + stroke || y >= size - margin - stroke;
  const lid = Math.abs(y - Math.round(size * 0.4)) < stroke / 2 + 0.5;
  const tape = Math.abs(x - size / 2) < stroke / 2 && y < size * 0.4;
  return edge || lid || tape;
}

function icon(size: number): Buffer {
  return png(size, size, (x, y) => (onBox(x, y, size) ? WHITE : ORANGE));
}

/** The logo: the box on a clear background (Wallet writes logoText beside it). */
function logo(height: number): Buffer {
  return png(height, height, (x, y) => (onBox(x, y, height) ? WHITE : CLEAR));
}

let images: Record<string, Buffer> | undefined;

/** icon.png, icon@2x.png, icon@3x.png, logo.png, logo@2x.png: made once, then reused. */
export function passImages(): Record<string, Buffer> {
  images ??= {
    'icon.png': icon(29),
    'icon@2x.png': icon(58),
    'icon@3x.png': icon(87),
    'logo.png': logo(50),
    'logo@2x.png': logo(100),
  };
  return images;
}
