import bwipjs, { type RenderOptions } from 'bwip-js';
import { mergePdfs, pngPagesPdf } from '../modules/shipments/batch-label-pdfs.js';
import { drawInvoicePdf, type InvoiceContent } from '../modules/shipments/invoice-pdf.js';
import { drawLetterSheets } from '../modules/shipments/letter-sheets.js';
import type { LabelFormat } from '../providers/carriers/carriers-provider.js';
import { drawLabel, type LabelContent } from '../providers/carriers/simulator-label.js';
import { drawScanForm, type ScanFormContent } from '../providers/carriers/simulator-scan-form.js';
import { createDevelopmentCertificates, type WalletCertificates } from '../providers/wallet/development-certificates.js';
import { type PassIdentifiers, signPass } from '../providers/wallet/pass-signing.js';
import type { WalletPassContent } from '../providers/wallet/wallet-provider.js';

/**
 * The CPU-heavy work the portal does, run on the worker pool's threads (cpu-pool.ts), never on
 * the event loop: each is the same function as before, so its output is the same bytes.
 */
export type CpuTask =
  /** The simulator's 4x6 label (PDF, PNG or ZPL): pdfkit, bwip-js and a deflated raster. */
  | { task: 'label'; content: LabelContent; format: LabelFormat }
  /** The simulator's end-of-day scan form (PS Form 5630 style, pdfkit and a Code128 barcode). */
  | { task: 'scanForm'; content: ScanFormContent }
  /** 8.5x11 sheets of two 4x6 label PNGs each (pdfkit). */
  | { task: 'letterSheets'; pngs: Uint8Array[]; title: string }
  /** A label batch's PDFs merged into one, or its PNGs a 4x6 page each (pdf-lib). */
  | { task: 'mergePdfs'; pdfs: Uint8Array[]; title: string }
  | { task: 'pngPages'; pngs: Uint8Array[]; title: string }
  /** A label's invoice PDF (pdfkit). */
  | { task: 'invoice'; content: InvoiceContent; compress: boolean }
  /** A signed Apple Wallet pass (passkit-generator: node-forge's RSA signature in JavaScript). */
  | { task: 'walletPass'; ids: PassIdentifiers; content: WalletPassContent; certificates: WalletCertificates }
  /** The development wallet certificates (two RSA keys, node-forge certificates), as JSON. */
  | { task: 'devCertificates'; ids: PassIdentifiers; now: Date }
  /** A barcode as a PNG (bwip-js). */
  | { task: 'barcode'; options: RenderOptions };

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Runs one task (on a worker thread: the pool's threads load this module and call it). */
export default async function runTask(work: CpuTask): Promise<Uint8Array> {
  switch (work.task) {
    case 'label':
      return drawLabel(work.content, work.format);
    case 'scanForm':
      return drawScanForm(work.content);
    case 'letterSheets':
      // Buffers arrive as plain Uint8Arrays: pdfkit's image() wants Buffers.
      return drawLetterSheets(work.pngs.map(asBuffer), work.title);
    case 'mergePdfs':
      return mergePdfs(work.pdfs.map(asBuffer), work.title);
    case 'pngPages':
      return pngPagesPdf(work.pngs.map(asBuffer), work.title);
    case 'invoice':
      return drawInvoicePdf(work.content, { compress: work.compress });
    case 'walletPass':
      return signPass(work.ids, work.content, work.certificates);
    case 'devCertificates':
      return Buffer.from(JSON.stringify(createDevelopmentCertificates(work.ids, work.now)), 'utf8');
    case 'barcode':
      return bwipjs.toBuffer(work.options);
  }
}
