import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pdfText } from './pdf-text.js';

/** A PDF content stream as pdfkit writes it: 'stream\n', the deflated bytes, '\nendstream'. */
const pdfWith = (deflated: Buffer) =>
  Buffer.concat([Buffer.from('1 0 obj\n<< /Filter /FlateDecode >>\nstream\n', 'latin1'), deflated, Buffer.from('\nendstream\nendobj\n', 'latin1')]);

describe('pdfText (the tests\' PDF reader)', () => {
  it('reads the text of a stream whose deflated bytes end in a carriage return', () => {
    // Find text whose deflated form ends in \r (0x0D), as about one stream in 256 does.
    let text = '';
    let deflated = Buffer.alloc(0);
    while (deflated.at(-1) !== 0x0d) {
      text = `Invoice ${randomBytes(6).toString('hex')}`;
      deflated = deflateSync(`BT (${text}) Tj ET`);
    }
    expect(pdfText(pdfWith(deflated))).toBe(text);
  });
});
