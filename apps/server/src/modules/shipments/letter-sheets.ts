import PDFDocument from 'pdfkit';

/** US Letter in PDF points, each half (8.5 x 5.5 in) one 4x6 label turned sideways. */
const SHEET = { width: 612, height: 792 } as const;
const LABEL = { width: 288, height: 432 } as const;

/**
 * 8.5x11 pages holding two labels each (half-sheet label paper, or plain paper cut in two): each
 * 4x6 label image turned a quarter to lie 6 in wide and 4 in high, centred in its half, a dashed
 * cut line between the halves. One label fills the top half and leaves the bottom one blank.
 * Drawn here and now: on a pool thread (workers/cpu-work.ts asks for it there).
 */
export async function drawLetterSheets(labelPngs: Buffer[], title: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: [SHEET.width, SHEET.height], margin: 0, autoFirstPage: false, info: { Title: title } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const half = SHEET.height / 2;
  labelPngs.forEach((png, index) => {
    if (index % 2 === 0) {
      doc.addPage();
      doc.save().moveTo(18, half).lineTo(SHEET.width - 18, half).dash(4, { space: 4 }).lineWidth(0.5).strokeColor('#999999').stroke().undash().restore();
    }
    const centreY = (index % 2) * half + half / 2;
    doc.save();
    doc.translate(SHEET.width / 2, centreY).rotate(90);
    doc.image(png, -LABEL.width / 2, -LABEL.height / 2, { width: LABEL.width, height: LABEL.height });
    doc.restore();
  });
  doc.end();
  return ended;
}
