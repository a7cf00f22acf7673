import { constants, crc32, deflateSync } from 'node:zlib';
import bwipjs from 'bwip-js';
import PDFDocument from 'pdfkit';
import { customsTotalValue } from '@airbox/contract';
import type { Carrier, CustomsInfo, LabelFormat, PostalAddress } from './carriers-provider.js';

/**
 * The simulator's 4x6 shipping label, laid out once in PDF points (288 x 432) and drawn three
 * ways: a PDF (pdfkit, Helvetica, vector bars), a 300 dpi PNG (bwip-js's own OCR-B glyphs and
 * bars on a grayscale raster, so no system font or native canvas is needed) and ZPL for 203 dpi
 * thermal printers. The barcode is Code128 of the tracking number, encoded by bwip-js. Every
 * label says it is simulated and not valid for postage.
 */

export interface LabelContent {
  carrier: Carrier;
  /** 'USPS PRIORITY MAIL'. */
  serviceName: string;
  trackingCode: string;
  from: PostalAddress;
  to: PostalAddress;
  weightOz: number;
  shipDate: Date;
  /** A parcel abroad (issue 25 item 3): its customs declaration, drawn on a second page of the PDF as a CN 22-like form. */
  customs?: CustomsInfo | undefined;
}

const PAGE_WIDTH = 288;
const PAGE_HEIGHT = 432;
const MARGIN = 14;
const PNG_DPI = 300;
const ZPL_DPI = 203;

type Align = 'left' | 'center';
type LayoutItem =
  | { kind: 'text'; x: number; y: number; size: number; bold: boolean; align: Align; maxWidth: number; text: string }
  | { kind: 'rule'; x: number; y: number; width: number; height: number }
  | { kind: 'barcode'; x: number; y: number; width: number; height: number; text: string };

/** Printable ASCII only: accents dropped ('José' → 'Jose'), anything else '?'. */
function labelText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, '?')
    .replace(/\s+/g, ' ')
    .trim();
}

function addressLines(address: PostalAddress): string[] {
  const country = (address.country ?? 'US').trim().toUpperCase();
  const abroad = country !== '' && country !== 'US';
  return [
    address.name,
    address.company,
    address.street1,
    address.street2,
    `${address.city} ${address.state} ${address.zip}`,
    // A parcel abroad: the country last, on a line of its own, as the UPU asks.
    abroad ? (COUNTRY_NAMES[country] ?? country) : undefined,
  ]
    .map((line) => labelText(line ?? ''))
    .filter((line) => line.length > 0);
}

/** Countries' names in capitals as a label's last line reads them; another country by its two letters. */
const COUNTRY_NAMES: Readonly<Record<string, string>> = { CA: 'CANADA', MX: 'MEXICO', GB: 'UNITED KINGDOM', DE: 'GERMANY', FR: 'FRANCE', AU: 'AUSTRALIA', JP: 'JAPAN' };

/** '9400111202555842760001' → '9400 1112 0255 5842 7600 01', as carriers print it. */
function groupedTrackingCode(code: string): string {
  return code.replace(/(.{4})(?=.)/g, '$1 ');
}

const TRACKING_HEADINGS: Record<Carrier, string> = { USPS: 'USPS TRACKING # EP', UPS: 'UPS TRACKING #', FedEx: 'FEDEX TRACKING #' };

function layout(label: LabelContent): LayoutItem[] {
  const width = PAGE_WIDTH - 2 * MARGIN;
  const text = (x: number, y: number, size: number, value: string, options: { bold?: boolean; align?: Align; maxWidth?: number } = {}): LayoutItem => ({
    kind: 'text',
    x,
    y,
    size,
    bold: options.bold ?? false,
    align: options.align ?? 'left',
    maxWidth: options.maxWidth ?? width,
    text: labelText(value),
  });
  const rule = (y: number, height: number): LayoutItem => ({ kind: 'rule', x: MARGIN, y, width, height });
  const pounds = Math.floor(label.weightOz / 16);
  const ounces = Math.round((label.weightOz % 16) * 10) / 10;
  const items: LayoutItem[] = [
    text(MARGIN, 42, 28, label.carrier.toUpperCase(), { bold: true }),
    text(MARGIN, 76, 12, label.serviceName, { bold: true }),
    rule(86, 2),
    text(MARGIN, 100, 7, 'FROM:', { bold: true }),
    ...addressLines(label.from).map((line, index) => text(MARGIN, 111 + index * 10, 8, line, { maxWidth: 150 })),
    text(172, 111, 7, `SHIP DATE: ${label.shipDate.toISOString().slice(0, 10)}`, { maxWidth: 102 }),
    text(172, 121, 7, `WEIGHT: ${pounds} LB ${ounces} OZ`, { maxWidth: 102 }),
    rule(164, 1),
    text(MARGIN, 180, 8, 'SHIP TO:', { bold: true }),
    ...addressLines(label.to).map((line, index) => text(MARGIN + 8, 197 + index * 15, 12, line, { bold: true, maxWidth: width - 8 })),
    rule(276, 3),
    text(PAGE_WIDTH / 2, 292, 8, TRACKING_HEADINGS[label.carrier], { bold: true, align: 'center' }),
    { kind: 'barcode', x: MARGIN + 10, y: 298, width: width - 20, height: 78, text: label.trackingCode },
    text(PAGE_WIDTH / 2, 392, 11, groupedTrackingCode(label.trackingCode), { bold: true, align: 'center' }),
    rule(402, 3),
    text(PAGE_WIDTH / 2, 421, 7, 'SIMULATED LABEL - NOT VALID FOR POSTAGE', { bold: true, align: 'center' }),
  ];
  return items;
}

const CONTENTS_BOXES: readonly [CustomsInfo['contents_type'], string][] = [
  ['gift', 'GIFT'],
  ['documents', 'DOCUMENTS'],
  ['sample', 'COMMERCIAL SAMPLE'],
  ['returned_goods', 'RETURNED GOODS'],
  ['merchandise', 'MERCHANDISE'],
  ['other', 'OTHER'],
];

/**
 * The customs form page of a parcel abroad, laid out as a CN 22: the contents type ticked, each
 * item (quantity, description, weight, value, HS code, origin), the totals, the EEL/PFC, what
 * to do when it cannot be delivered, the signer's certification and the date.
 */
function customsLayout(label: LabelContent, customs: CustomsInfo): LayoutItem[] {
  const width = PAGE_WIDTH - 2 * MARGIN;
  const text = (x: number, y: number, size: number, value: string, options: { bold?: boolean; maxWidth?: number } = {}): LayoutItem => ({
    kind: 'text',
    x,
    y,
    size,
    bold: options.bold ?? false,
    align: 'left',
    maxWidth: options.maxWidth ?? width,
    text: labelText(value),
  });
  const rule = (y: number): LayoutItem => ({ kind: 'rule', x: MARGIN, y, width, height: 1 });
  const items: LayoutItem[] = [
    text(MARGIN, 30, 13, 'CUSTOMS DECLARATION CN 22', { bold: true }),
    text(MARGIN, 42, 7, 'May be opened officially. Simulated form - not valid for customs.'),
    text(MARGIN, 54, 7, `TRACKING: ${groupedTrackingCode(label.trackingCode)}`, { bold: true }),
    rule(60),
  ];
  CONTENTS_BOXES.forEach(([type, name], index) => {
    const x = MARGIN + (index % 3) * 88;
    const y = 72 + Math.floor(index / 3) * 11;
    items.push(text(x, y, 7, `[${customs.contents_type === type ? 'X' : ' '}] ${name}`, { bold: customs.contents_type === type, maxWidth: 86 }));
  });
  let y = 96;
  if (customs.contents_explanation) {
    items.push(text(MARGIN, y, 7, `EXPLANATION: ${customs.contents_explanation}`));
    y += 11;
  }
  items.push(rule(y - 6));
  // The HS code and the value get room for their every digit in ZPL's wider font too.
  const columns = [MARGIN, MARGIN + 20, MARGIN + 100, MARGIN + 128, MARGIN + 172, MARGIN + 238] as const;
  const widths = [18, 78, 26, 42, 64, 22];
  ['QTY', 'DESCRIPTION', 'OZ', 'VALUE US$', 'HS CODE', 'ORIGIN'].forEach((heading, index) => items.push(text(columns[index]!, y + 4, 6, heading, { bold: true, maxWidth: widths[index]! })));
  y += 16;
  for (const item of customs.items) {
    const cells = [String(item.quantity), item.description, String(Math.round(item.weight * 10) / 10), item.value.toFixed(2), item.hs_tariff_number || '-', item.origin_country];
    cells.forEach((cell, index) => items.push(text(columns[index]!, y, 7, cell, { maxWidth: widths[index]! })));
    y += 11;
  }
  const totalOz = Math.round(customs.items.reduce((sum, item) => sum + item.weight, 0) * 10) / 10;
  items.push(rule(y - 6));
  items.push(text(MARGIN, y + 4, 7, `TOTAL WEIGHT: ${totalOz} OZ`, { bold: true, maxWidth: 120 }));
  items.push(text(MARGIN + 140, y + 4, 7, `TOTAL VALUE: US$ ${customsTotalValue(customs.items).toFixed(2)}`, { bold: true, maxWidth: 120 }));
  y += 18;
  items.push(text(MARGIN, y, 7, `EEL/PFC: ${customs.eel_pfc}`));
  items.push(text(MARGIN, y + 11, 7, `IF UNDELIVERABLE: ${customs.non_delivery_option === 'abandon' ? 'ABANDON' : 'RETURN TO SENDER'}`));
  y += 28;
  items.push(text(MARGIN, y, 6, 'I certify that the particulars given in this customs declaration are correct'));
  items.push(text(MARGIN, y + 8, 6, 'and that this item does not contain any dangerous article prohibited by postal regulations.'));
  items.push(text(MARGIN, y + 24, 8, `SIGNATURE: ${customs.customs_signer}`, { bold: true }));
  items.push(text(MARGIN, y + 36, 7, `DATE: ${label.shipDate.toISOString().slice(0, 10)}   (certified electronically)`));
  items.push(text(PAGE_WIDTH / 2 - 90, 421, 7, 'SIMULATED CUSTOMS FORM - NOT VALID FOR CUSTOMS', { bold: true }));
  return items;
}

/** Code128 as alternating bar and space widths in modules, starting with a bar. */
export function code128Modules(text: string): number[] {
  const [symbol] = bwipjs.raw('code128', text, {});
  if (!symbol || !('sbs' in symbol)) throw new Error('bwip-js drew no Code128 bars');
  return symbol.sbs;
}

/** Quiet zone on each side of the bars, in modules. */
const QUIET_MODULES = 10;

/** The longest start of `text` that fits `maxWidth`, ending in '...' when cut. */
function fitText(text: string, maxWidth: number, widthOf: (value: string) => number): string {
  if (widthOf(text) <= maxWidth) return text;
  let kept = text;
  while (kept.length > 0 && widthOf(`${kept}...`) > maxWidth) kept = kept.slice(0, -1);
  return `${kept.trimEnd()}...`;
}

async function renderPdf(pages: LayoutItem[][], title: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: [PAGE_WIDTH, PAGE_HEIGHT], margin: 0, info: { Title: title } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.fillColor('black');
  pages.forEach((items, page) => {
    if (page > 0) doc.addPage({ size: [PAGE_WIDTH, PAGE_HEIGHT], margin: 0 });
    for (const item of items) {
      if (item.kind === 'rule') {
        doc.rect(item.x, item.y, item.width, item.height).fill();
      } else if (item.kind === 'text') {
        doc.font(item.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(item.size);
        const value = fitText(item.text, item.maxWidth, (candidate) => doc.widthOfString(candidate));
        const x = item.align === 'center' ? item.x - doc.widthOfString(value) / 2 : item.x;
        doc.text(value, x, item.y, { baseline: 'alphabetic', lineBreak: false });
      } else {
        const modules = code128Modules(item.text);
        const total = modules.reduce((sum, width) => sum + width, 0) + 2 * QUIET_MODULES;
        const moduleWidth = Math.min(item.width / total, 2);
        let x = item.x + (item.width - moduleWidth * total) / 2 + QUIET_MODULES * moduleWidth;
        modules.forEach((widthInModules, index) => {
          if (index % 2 === 0) doc.rect(x, item.y, widthInModules * moduleWidth, item.height);
          x += widthInModules * moduleWidth;
        });
        doc.fill();
      }
    }
  });
  doc.end();
  return ended;
}

/** An 8-bit grayscale raster, white to start; drawing only darkens. */
class Raster {
  readonly pixels: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Uint8Array(width * height).fill(255);
  }

  fill(x: number, y: number, width: number, height: number): void {
    const left = Math.max(0, Math.round(x));
    const right = Math.min(this.width, Math.round(x + width));
    for (let row = Math.max(0, Math.round(y)); row < Math.min(this.height, Math.round(y + height)); row += 1) {
      this.pixels.fill(0, row * this.width + left, row * this.width + Math.max(left, right));
    }
  }

  /** Ink of `alpha` (0 to 255) at one pixel. */
  ink(x: number, y: number, alpha: number): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const index = y * this.width + x;
    this.pixels[index] = Math.min(this.pixels[index] ?? 255, 255 - alpha);
  }

  /** A PNG: signature, IHDR (grayscale, 8 bits), IDAT (rows with filter 0, deflated), IEND. */
  toPng(dpi: number): Buffer {
    const chunk = (type: string, data: Buffer) => {
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(body));
      return Buffer.concat([length, body, crc]);
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header.writeUInt8(8, 8); // bit depth
    header.writeUInt8(0, 9); // grayscale
    const pixelsPerMetre = Buffer.alloc(9);
    pixelsPerMetre.writeUInt32BE(Math.round(dpi / 0.0254), 0);
    pixelsPerMetre.writeUInt32BE(Math.round(dpi / 0.0254), 4);
    pixelsPerMetre.writeUInt8(1, 8); // the unit is the metre
    const rows = Buffer.alloc((this.width + 1) * this.height);
    for (let row = 0; row < this.height; row += 1) {
      rows.set(this.pixels.subarray(row * this.width, (row + 1) * this.width), row * (this.width + 1) + 1);
    }
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('pHYs', pixelsPerMetre),
      // Deflate's fastest level: 3.8 ms against 17 ms for the default on a 4x6 label at 300 dpi
      // (2.2 MB of rows), for a file 6 % larger (61 against 58 KB); it was most of a label's PNG.
      chunk('IDAT', deflateSync(rows, { level: constants.Z_BEST_SPEED })),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

/** bwip-js's built-in OCR-B, the font it prints under barcodes. */
const OCR_B = bwipjs.FontLib.lookup('OCR-B');

function glyphAdvance(char: string, sizePx: number): number {
  return bwipjs.FontLib.getglyph(OCR_B, char.charCodeAt(0), sizePx, sizePx).advance;
}

function textWidthPx(text: string, sizePx: number): number {
  return [...text].reduce((sum, char) => sum + glyphAdvance(char, sizePx), 0);
}

function drawText(raster: Raster, text: string, x: number, baseline: number, sizePx: number, bold: boolean): void {
  let pen = Math.round(x);
  for (const char of text) {
    const glyph = bwipjs.FontLib.getglyph(OCR_B, char.charCodeAt(0), sizePx, sizePx);
    const strokes = bold ? [0, Math.max(1, Math.round(sizePx / 24))] : [0];
    for (const offset of strokes) {
      for (let row = 0; row < glyph.height; row += 1) {
        for (let column = 0; column < glyph.width; column += 1) {
          const alpha = glyph.pixels[row * glyph.width + column] ?? 0;
          if (alpha > 0) raster.ink(pen + glyph.left + column + offset, Math.round(baseline) - glyph.top + row, alpha);
        }
      }
    }
    pen += glyph.advance;
  }
}

function renderPng(items: LayoutItem[]): Buffer {
  const scale = PNG_DPI / 72;
  const raster = new Raster(Math.round(PAGE_WIDTH * scale), Math.round(PAGE_HEIGHT * scale));
  for (const item of items) {
    if (item.kind === 'rule') {
      raster.fill(item.x * scale, item.y * scale, item.width * scale, item.height * scale);
    } else if (item.kind === 'text') {
      const sizePx = Math.round(item.size * scale);
      const value = fitText(item.text, item.maxWidth * scale, (candidate) => textWidthPx(candidate, sizePx));
      const x = item.align === 'center' ? item.x * scale - textWidthPx(value, sizePx) / 2 : item.x * scale;
      drawText(raster, value, x, item.y * scale, sizePx, item.bold);
    } else {
      const modules = code128Modules(item.text);
      const total = modules.reduce((sum, width) => sum + width, 0) + 2 * QUIET_MODULES;
      // Whole pixels per module keep every bar the same width, as a scanner needs.
      const modulePx = Math.max(1, Math.floor((item.width * scale) / total));
      let x = Math.round(item.x * scale + (item.width * scale - modulePx * total) / 2) + QUIET_MODULES * modulePx;
      modules.forEach((widthInModules, index) => {
        if (index % 2 === 0) raster.fill(x, item.y * scale, widthInModules * modulePx, item.height * scale);
        x += widthInModules * modulePx;
      });
    }
  }
  return raster.toPng(PNG_DPI);
}

function renderZpl(items: LayoutItem[]): string {
  const dots = (points: number) => Math.round((points * ZPL_DPI) / 72);
  // '^' and '~' start ZPL commands: never let them reach a field.
  const field = (text: string) => text.replace(/[\^~]/g, '-');
  const lines = ['^XA', '^CI0', `^PW${dots(PAGE_WIDTH)}`, `^LL${dots(PAGE_HEIGHT)}`, '^LH0,0'];
  for (const item of items) {
    if (item.kind === 'rule') {
      lines.push(`^FO${dots(item.x)},${dots(item.y)}^GB${dots(item.width)},${dots(item.height)},${dots(item.height)}^FS`);
    } else if (item.kind === 'text') {
      const height = dots(item.size);
      const top = dots(item.y - item.size * 0.8);
      // ZPL's font 0 is about as wide as OCR-B: cut at the same count of characters.
      const value = field(fitText(item.text, dots(item.maxWidth), (candidate) => candidate.length * height * 0.6));
      const position = item.align === 'center' ? `^FO0,${top}^FB${dots(PAGE_WIDTH)},1,0,C,0` : `^FO${dots(item.x)},${top}`;
      lines.push(`${position}^A0N,${height},${item.bold ? Math.round(height * 1.05) : height}^FD${value}^FS`);
    } else {
      const modules = code128Modules(item.text).reduce((sum, width) => sum + width, 0) + 2 * QUIET_MODULES;
      const moduleDots = Math.max(1, Math.min(10, Math.floor(dots(item.width) / modules)));
      const left = dots(item.x) + Math.round((dots(item.width) - moduleDots * modules) / 2) + QUIET_MODULES * moduleDots;
      lines.push(`^FO${left},${dots(item.y)}^BY${moduleDots}^BCN,${dots(item.height)},N,N,N,A^FD${field(item.text)}^FS`);
    }
  }
  lines.push('^XZ');
  return `${lines.join('\n')}\n`;
}

/** The label in one format, drawn here and now: on a pool thread (workers/cpu-work.ts asks for it there). */
export async function drawLabel(label: LabelContent, format: LabelFormat): Promise<Buffer> {
  const items = layout(label);
  switch (format) {
    case 'PDF':
      // A parcel abroad: its customs form on a second page.
      return renderPdf(label.customs ? [items, customsLayout(label, label.customs)] : [items], `Shipping label ${label.trackingCode}`);
    case 'PNG':
      // One 4x6 image, as the label dialog, the printer and the 8.5x11 sheets take it: the customs form is the PDF's and the ZPL's.
      return renderPng(items);
    case 'ZPL':
      // A parcel abroad (issue 25 item 3): the customs form is a second label of the same file, which a thermal printer prints after it.
      return Buffer.from(renderZpl(items) + (label.customs ? renderZpl(customsLayout(label, label.customs)) : ''), 'ascii');
  }
}
