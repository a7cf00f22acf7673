/** The text drawn in a PDF made by pdfkit with the standard fonts (pdf-text.mjs). */
export declare function pdfText(pdf: Buffer): string;
