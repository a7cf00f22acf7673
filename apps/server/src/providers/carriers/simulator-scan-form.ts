import { pdfDocument } from '../../pdf-document.js';
import type { PostalAddress } from './carriers-provider.js';
import { code128Modules } from './simulator-label.js';

/**
 * The simulator's end-of-day scan form, drawn as USPS's SCAN form (PS Form 5630, Shipment
 * Confirmation Acceptance Notice): the mailer and the place of acceptance, the date, the count of
 * pieces, one Code128 barcode of the form's electronic file number that the carrier scans once
 * (every parcel listed is then "Accepted"), and the list of the tracking numbers it covers, on as
 * many US Letter pages as they need. It says it is simulated and not valid for acceptance.
 */
export interface ScanFormContent {
  scanFormId: string;
  /** The 22 digits printed under the barcode (USPS's electronic file number). */
  fileNumber: string;
  from: PostalAddress;
  /** 'YYYY-MM-DD'. */
  shipDate: string;
  /** The parcels, in the order they were given. */
  parcels: { trackingCode: string; service: string; weightOz: number }[];
}

const PAGE = { width: 612, height: 792, margin: 48 } as const;
const ROW_HEIGHT = 16;
const QUIET_MODULES = 10;

/** Printable ASCII only (the standard fonts): accents dropped, anything else '?'. */
const ascii = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, '?')
    .trim();

/** '9400111202555842760001' → '9400 1112 0255 5842 7600 01'. */
const grouped = (code: string) => code.replace(/(.{4})(?=.)/g, '$1 ');

function drawBarcode(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number, height: number) {
  const modules = code128Modules(text);
  const total = modules.reduce((sum, each) => sum + each, 0) + 2 * QUIET_MODULES;
  const moduleWidth = Math.min(width / total, 2);
  let at = x + (width - moduleWidth * total) / 2 + QUIET_MODULES * moduleWidth;
  modules.forEach((each, index) => {
    if (index % 2 === 0) doc.rect(at, y, each * moduleWidth, height);
    at += each * moduleWidth;
  });
  doc.fill('black');
}

/** The scan form's PDF, drawn here and now: on a pool thread (workers/cpu-work.ts asks for it there). */
export async function drawScanForm(form: ScanFormContent): Promise<Buffer> {
  const { doc, bytes: ended } = pdfDocument({ size: 'LETTER', margin: PAGE.margin, info: { Title: `USPS SCAN Form ${form.fileNumber}`, Subject: 'PS Form 5630 (simulated)' } });
  const left = PAGE.margin;
  const width = PAGE.width - 2 * PAGE.margin;
  const totalOz = form.parcels.reduce((sum, parcel) => sum + parcel.weightOz, 0);
  const from = form.from;
  const fromLines = [from.name, from.company, from.street1, from.street2, `${from.city}, ${from.state} ${from.zip}`]
    .map((line) => ascii(line ?? ''))
    .filter(Boolean);

  doc.fillColor('black').font('Helvetica-Bold').fontSize(18).text('USPS SCAN FORM', left, PAGE.margin, { width, lineBreak: false });
  doc.font('Helvetica').fontSize(10).text('Shipment Confirmation Acceptance Notice - PS Form 5630', left, PAGE.margin + 24, { width, lineBreak: false });
  doc.fontSize(8).text('SIMULATED - NOT VALID FOR ACCEPTANCE', left, PAGE.margin + 38, { width, lineBreak: false });

  // The mailer, and the form's facts.
  let y = PAGE.margin + 64;
  doc.font('Helvetica-Bold').fontSize(9).text('MAILER', left, y, { lineBreak: false });
  doc.text('SHIPMENT', left + width / 2, y, { lineBreak: false });
  doc.font('Helvetica').fontSize(10);
  fromLines.forEach((line, index) => doc.text(line, left, y + 14 + index * 13, { width: width / 2 - 10, lineBreak: false, ellipsis: true }));
  const facts = [
    `Date of mailing: ${form.shipDate}`,
    `Total pieces: ${form.parcels.length}`,
    `Total weight: ${(totalOz / 16).toFixed(2)} lb`,
    `Scan form: ${ascii(form.scanFormId)}`,
  ];
  facts.forEach((line, index) => doc.text(line, left + width / 2, y + 14 + index * 13, { width: width / 2, lineBreak: false }));
  y += 14 + Math.max(fromLines.length, facts.length) * 13 + 14;

  // The one barcode USPS scans: every parcel below is accepted with it.
  drawBarcode(doc, form.fileNumber, left + width / 6, y, (width * 2) / 3, 64);
  doc.font('Helvetica').fontSize(10).text(grouped(form.fileNumber), left, y + 70, { width, align: 'center', lineBreak: false });
  y += 100;

  // The parcels, one row each, across as many pages as they need.
  const header = () => {
    doc.font('Helvetica-Bold').fontSize(9);
    doc.text('#', left, y, { lineBreak: false });
    doc.text('TRACKING NUMBER', left + 30, y, { lineBreak: false });
    doc.text('SERVICE', left + 260, y, { lineBreak: false });
    doc.text('WEIGHT', left + width - 60, y, { lineBreak: false });
    y += 12;
    doc.rect(left, y, width, 0.8).fill('black');
    y += 6;
    doc.font('Helvetica').fontSize(9);
  };
  header();
  form.parcels.forEach((parcel, index) => {
    if (y + ROW_HEIGHT > PAGE.height - PAGE.margin) {
      doc.addPage();
      y = PAGE.margin;
      header();
    }
    doc.text(String(index + 1), left, y, { lineBreak: false });
    doc.text(ascii(parcel.trackingCode), left + 30, y, { lineBreak: false });
    doc.text(ascii(parcel.service), left + 260, y, { width: width - 330, lineBreak: false, ellipsis: true });
    doc.text(`${(parcel.weightOz / 16).toFixed(2)} lb`, left + width - 60, y, { lineBreak: false });
    y += ROW_HEIGHT;
  });
  y += 10;
  if (y + 40 > PAGE.height - PAGE.margin) {
    doc.addPage();
    y = PAGE.margin;
  }
  doc.font('Helvetica').fontSize(8).text('Postal employee: scan the barcode above once to accept every parcel listed. Signature / date of receipt:', left, y, { width });
  doc.rect(left, y + 28, width / 2, 0.8).fill('black');
  doc.end();
  return ended;
}

/** USPS's SCAN form number: 22 digits starting 92 (an IMpb-style electronic file number), from the form's id. */
export function scanFormFileNumber(seed: string): string {
  let digits = '';
  for (const char of seed) digits += String(char.charCodeAt(0) % 10);
  return `9275${digits.padEnd(18, '0').slice(-18)}`;
}
