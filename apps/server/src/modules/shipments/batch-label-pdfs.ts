import { PDFDocument } from 'pdf-lib';

/**
 * A label batch's labels in one PDF (issue 25 item 1), drawn on the worker pool (workers/cpu-work.ts:
 * mergeLabelPdfs, labelPngPagesPdf), so 500 labels never hold the event loop.
 */

/** 4x6 inches in PDF points. */
const LABEL_PAGE: [number, number] = [288, 432];

/** The labels' PDFs (each a 4x6 page or more) merged in order into one PDF. */
export async function mergePdfs(pdfs: readonly Buffer[], title: string): Promise<Buffer> {
  const merged = await PDFDocument.create();
  merged.setTitle(title);
  for (const pdf of pdfs) {
    const source = await PDFDocument.load(pdf);
    const pages = await merged.copyPages(source, source.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  return Buffer.from(await merged.save());
}

/** The labels' PNGs, each on a 4x6 page of one PDF (the image fills the page). */
export async function pngPagesPdf(pngs: readonly Buffer[], title: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  for (const png of pngs) {
    const image = await pdf.embedPng(png);
    const page = pdf.addPage(LABEL_PAGE);
    page.drawImage(image, { x: 0, y: 0, width: LABEL_PAGE[0], height: LABEL_PAGE[1] });
  }
  return Buffer.from(await pdf.save());
}
