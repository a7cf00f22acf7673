import { createRequire } from 'node:module';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import type * as PdfLib from 'pdf-lib';

/*
 * Reading the PDFs a journey downloads, for the e2e specs (labels, merged batch labels), so they do
 * not reach into the server's test folder. The text reader is the same as apps/server/test/pdf-text.ts
 * (e2e is its own package and does not import the server's tests).
 */

// pdf-lib is the server's (it merges batch labels); e2e runs from e2e/, so it is required from the server's package.
const { PDFDocument } = createRequire(join(process.cwd(), '../apps/server/package.json'))('pdf-lib') as typeof PdfLib;

/** How many pages a PDF has. */
export async function pdfPageCount(pdf: Uint8Array): Promise<number> {
  return (await PDFDocument.load(pdf)).getPageCount();
}

/**
 * The text drawn in a PDF made by pdfkit with the standard fonts, as far as a test needs it:
 * every content stream inflated (FlateDecode) or taken as it is, then the strings of its text
 * operators (hex `<…>` and literal `(…)`) decoded byte for byte and joined.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const contents: string[] = [];
  // pdfkit writes 'stream\n', the bytes, '\nendstream': a deflated stream may itself end in \r,
  // which a '\r?\nendstream' would take away (about one stream in 256 then read as no text).
  const streams = /stream\n([\s\S]*?)\nendstream/g;
  for (let match = streams.exec(raw); match; match = streams.exec(raw)) {
    const bytes = Buffer.from(match[1] ?? '', 'latin1');
    try {
      contents.push(inflateSync(bytes).toString('latin1'));
    } catch {
      contents.push(bytes.toString('latin1'));
    }
  }
  const lines: string[] = [];
  for (const content of contents) {
    const operators = /\[([^\]]*)\]\s*TJ|(<[0-9a-fA-F\s]*>|\((?:\\.|[^\\)])*\))\s*Tj/g;
    for (let match = operators.exec(content); match; match = operators.exec(content)) {
      const strings = match[1] ?? match[2] ?? '';
      let text = '';
      for (const part of strings.match(/<[0-9a-fA-F\s]*>|\((?:\\.|[^\\)])*\)/g) ?? []) {
        if (part.startsWith('<')) text += Buffer.from(part.slice(1, -1).replace(/\s+/g, ''), 'hex').toString('latin1');
        else text += part.slice(1, -1).replace(/\\([()\\])/g, '$1');
      }
      lines.push(text);
    }
  }
  return lines.join('\n');
}
