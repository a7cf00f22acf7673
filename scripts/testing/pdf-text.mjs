import { inflateSync } from 'node:zlib';

/**
 * The text drawn in a PDF made by pdfkit with the standard fonts, as far as a test needs it:
 * every content stream inflated (FlateDecode) or taken as it is, then the strings of its text
 * operators (hex `<…>` and literal `(…)`) decoded byte for byte and joined. Shared by the
 * server's tests (apps/server/test/pdf-text.ts) and the browser journeys (e2e/support/pdf.ts).
 *
 * @param {Buffer} pdf
 * @returns {string}
 */
export function pdfText(pdf) {
  const raw = pdf.toString('latin1');
  /** @type {string[]} */
  const contents = [];
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
  /** @type {string[]} */
  const lines = [];
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
