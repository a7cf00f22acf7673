import { PDFDocument } from 'pdf-lib';

export { pdfText } from '../../scripts/testing/pdf-text.mjs';

/* Reading the PDFs a journey downloads (labels, merged batch labels); the text reader is the server tests' own. */

/** How many pages a PDF has. */
export async function pdfPageCount(pdf: Uint8Array): Promise<number> {
  return (await PDFDocument.load(pdf)).getPageCount();
}
