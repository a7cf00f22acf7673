import type { InvoiceContent } from '../modules/shipments/invoice-pdf.js';
import type { LabelFormat } from '../providers/carriers/carriers-provider.js';
import type { LabelContent } from '../providers/carriers/simulator-label.js';
import type { ScanFormContent } from '../providers/carriers/simulator-scan-form.js';
import type { WalletCertificates } from '../providers/wallet/development-certificates.js';
import type { PassIdentifiers } from '../providers/wallet/pass-signing.js';
import type { WalletPassContent } from '../providers/wallet/wallet-provider.js';
import { runCpuTask } from './cpu-pool.js';

/**
 * The CPU-heavy work as the rest of the server asks for it: each is drawn or signed on the worker
 * pool (cpu-pool.ts), off the event loop, by the same function as before (cpu-tasks.ts). The files
 * that hold those functions stay free of the pool, so imports run one way: caller → here → pool →
 * the drawing.
 */

/** A label in one format: a PNG is ~25 ms of CPU and a PDF a few (the first ~200 ms, loading its fonts). */
export function renderLabel(label: LabelContent, format: LabelFormat): Promise<Buffer> {
  return runCpuTask({ task: 'label', content: label, format });
}

/** The simulator's end-of-day scan form as a PDF (a few ms a page). */
export function renderScanForm(content: ScanFormContent): Promise<Buffer> {
  return runCpuTask({ task: 'scanForm', content });
}

/** A label's invoice PDF. */
export function renderInvoicePdf(content: InvoiceContent, options: { compress?: boolean } = {}): Promise<Buffer> {
  return runCpuTask({ task: 'invoice', content, compress: options.compress ?? true });
}

/** 8.5x11 pages of two 4x6 labels each (letter-sheets.ts). */
export function renderLetterSheets(labelPngs: Buffer[], title: string): Promise<Buffer> {
  return runCpuTask({ task: 'letterSheets', pngs: labelPngs, title });
}

/** A label batch's label PDFs merged into one, in order (issue 25 item 1: 500 labels in about a second). */
export function mergeLabelPdfs(pdfs: Buffer[], title: string): Promise<Buffer> {
  return runCpuTask({ task: 'mergePdfs', pdfs, title });
}

/** A label batch's label PNGs, a 4x6 page each of one PDF. */
export function labelPngPagesPdf(pngs: Buffer[], title: string): Promise<Buffer> {
  return runCpuTask({ task: 'pngPages', pngs, title });
}

/** A signed .pkpass (node-forge's RSA signature in JavaScript, tens of milliseconds). */
export function signPassOnPool(ids: PassIdentifiers, content: WalletPassContent, certificates: WalletCertificates): Promise<Buffer> {
  return runCpuTask({ task: 'walletPass', ids: { passTypeIdentifier: ids.passTypeIdentifier, teamIdentifier: ids.teamIdentifier }, content, certificates });
}

/** The development wallet certificates: two RSA keys and two node-forge signatures, about a second of CPU. */
export async function createDevelopmentCertificatesOnPool(ids: PassIdentifiers, now: Date): Promise<WalletCertificates> {
  const json = await runCpuTask({ task: 'devCertificates', ids: { passTypeIdentifier: ids.passTypeIdentifier, teamIdentifier: ids.teamIdentifier }, now });
  return JSON.parse(json.toString('utf8')) as WalletCertificates;
}
