// The reader is shared with the browser journeys (e2e/support/pdf.ts).
export { pdfText } from '../../../scripts/testing/pdf-text.mjs';
