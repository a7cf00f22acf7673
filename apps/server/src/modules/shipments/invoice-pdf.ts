import { carrierDisplayName, formatUsd } from '@airbox/contract';
import { pdfDocument } from '../../pdf-document.js';

/**
 * A label's invoice as a US Letter PDF (pdfkit, the standard Helvetica fonts: no font files).
 * Drawn from the invoice row written at purchase, so it never changes once issued; a refund adds
 * a note. The amounts are the row's: postage at the carrier's retail price, the discount, the
 * insurance fee for the declared value, and the total paid (postage + insurance - discount).
 */
export interface InvoiceContent {
  brandName: string;
  invoiceNo: string;
  issuedAt: Date;
  customer: { name: string; lines: string[]; email: string };
  orderNo: string;
  carrier: string;
  /** The service named once, as customers know it ('USPS Ground Advantage': contract carrierServiceName). */
  service: string;
  trackingCode: string;
  /** What was shipped, named as every screen names it ('USPS Small Flat Rate Box, 2 lb'; '12 × 10 × 6 in, 2.5 lb'). */
  package: string;
  from: string[];
  to: string[];
  /** What the label costs the customer. */
  rateCents: number;
  /** What the customer saved on the retail price. */
  discountCents: number;
  insuranceCents: number;
  insuredValueCents: number;
  totalCents: number;
  paymentReference: string;
  refund: { status: 'pending' | 'refunded'; at: Date | null } | null;
}

const PAGE = { width: 612, height: 792, margin: 54 } as const;
const INK = '#1f2933';
const MUTED = '#616e7c';
const ACCENT = '#0b5cad';
const RULE = '#d9e2ec';

function dateText(date: Date): string {
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}


/** Text the standard fonts can draw (Latin-1): an ellipsis becomes three dots, anything else beyond Latin-1 '?'. */
function printable(text: string): string {
  return text.replace(/\u2026/g, '...').replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d]/g, '"').replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
}

/** The invoice PDF, drawn here and now: on a pool thread (workers/cpu-work.ts asks for it there). */
export async function drawInvoicePdf(content: InvoiceContent, options: { compress?: boolean } = {}): Promise<Buffer> {
  const invoice: InvoiceContent = {
    ...content,
    customer: { name: printable(content.customer.name), lines: content.customer.lines.map(printable), email: printable(content.customer.email) },
    service: printable(content.service),
    package: printable(content.package),
    from: content.from.map(printable),
    to: content.to.map(printable),
    paymentReference: printable(content.paymentReference),
    brandName: printable(content.brandName),
  };
  const { doc, bytes: ended } = pdfDocument({
    size: 'LETTER',
    margin: PAGE.margin,
    compress: options.compress ?? true,
    info: { Title: `Invoice ${invoice.invoiceNo}`, Author: invoice.brandName, Subject: `Shipping label ${invoice.orderNo}` },
  });

  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;
  const width = right - left;

  // Header band: the brand, then INVOICE with its number and date on the right.
  doc.rect(0, 0, PAGE.width, 110).fill(ACCENT);
  doc.fillColor('white').font('Helvetica-Bold').fontSize(26).text(invoice.brandName, left, 40, { width: width / 2, lineBreak: false });
  doc.font('Helvetica').fontSize(10).text('Shipping labels', left, 72, { width: width / 2 });
  doc.font('Helvetica-Bold').fontSize(20).text('INVOICE', left + width / 2, 38, { width: width / 2, align: 'right' });
  doc.font('Helvetica').fontSize(10);
  doc.text(`Invoice number: ${invoice.invoiceNo}`, left + width / 2, 64, { width: width / 2, align: 'right' });
  doc.text(`Date: ${dateText(invoice.issuedAt)}`, left + width / 2, 78, { width: width / 2, align: 'right' });

  // Bill to, and the order.
  let y = 140;
  const column = (title: string, lines: string[], x: number, w: number) => {
    doc.fillColor(MUTED).font('Helvetica-Bold').fontSize(9).text(title.toUpperCase(), x, y, { width: w, characterSpacing: 0.5 });
    doc.fillColor(INK).font('Helvetica').fontSize(10.5);
    let lineY = y + 16;
    for (const line of lines.filter(Boolean)) {
      doc.text(line, x, lineY, { width: w, lineBreak: false, ellipsis: true });
      lineY += 14;
    }
    return lineY;
  };
  const billed = column('Bill to', [invoice.customer.name, ...invoice.customer.lines, invoice.customer.email], left, width / 2 - 10);
  const ordered = column(
    'Order',
    [
      `Order number: ${invoice.orderNo}`,
      `Carrier: ${carrierDisplayName(invoice.carrier)}`,
      `Service: ${invoice.service}`,
      `Tracking number: ${invoice.trackingCode || '-'}`,
      `Package: ${invoice.package}`,
    ],
    left + width / 2 + 10,
    width / 2 - 10,
  );
  y = Math.max(billed, ordered) + 18;
  const shipFrom = column('Ship from', invoice.from, left, width / 2 - 10);
  const shipTo = column('Ship to', invoice.to, left + width / 2 + 10, width / 2 - 10);
  y = Math.max(shipFrom, shipTo) + 24;

  // Line items.
  const amountX = right - 120;
  doc.rect(left, y, width, 24).fill('#f0f4f8');
  doc.fillColor(MUTED).font('Helvetica-Bold').fontSize(9);
  doc.text('DESCRIPTION', left + 10, y + 8, { width: amountX - left - 20 });
  doc.text('AMOUNT', amountX, y + 8, { width: 110, align: 'right' });
  y += 24;
  const items: [string, string][] = [
    [`Postage: ${invoice.service} (retail price)`, formatUsd(invoice.rateCents + invoice.discountCents)],
    ['Discount', invoice.discountCents > 0 ? `-${formatUsd(invoice.discountCents)}` : formatUsd(0)],
    [
      invoice.insuredValueCents > 0 ? `Insurance for a declared value of ${formatUsd(invoice.insuredValueCents)}` : 'Insurance (none declared)',
      formatUsd(invoice.insuranceCents),
    ],
  ];
  doc.font('Helvetica').fontSize(10.5).fillColor(INK);
  for (const [description, amount] of items) {
    doc.text(description, left + 10, y + 9, { width: amountX - left - 20, lineBreak: false, ellipsis: true });
    doc.text(amount, amountX, y + 9, { width: 110, align: 'right' });
    y += 30;
    doc.moveTo(left, y).lineTo(right, y).lineWidth(0.75).strokeColor(RULE).stroke();
  }
  y += 10;
  doc.font('Helvetica-Bold').fontSize(13).fillColor(INK);
  doc.text('Total paid', amountX - 150, y, { width: 140, align: 'right' });
  doc.text(`${formatUsd(invoice.totalCents)} USD`, amountX - 10, y, { width: 120, align: 'right' });
  y += 36;

  doc.font('Helvetica').fontSize(10).fillColor(MUTED);
  doc.text(`Payment reference: ${invoice.paymentReference || '-'}`, left, y, { width });
  y += 20;
  if (invoice.refund) {
    const note =
      invoice.refund.status === 'refunded'
        ? `Refunded${invoice.refund.at ? ` on ${dateText(invoice.refund.at)}` : ''}: the total was returned to the payment method above.`
        : `Refund requested${invoice.refund.at ? ` on ${dateText(invoice.refund.at)}` : ''}: the carrier reviews it; the total returns to the payment method above within 14 days once approved.`;
    const noteHeight = doc.font('Helvetica-Bold').fontSize(10.5).heightOfString(note, { width: width - 24 }) + 20;
    doc.rect(left, y, width, noteHeight).fill('#fff4e5');
    doc.fillColor('#8a4b00').text(note, left + 12, y + 10, { width: width - 24 });
    y += noteHeight + 16;
  }

  doc.font('Helvetica').fontSize(8.5).fillColor(MUTED);
  doc.text(
    `Labels may be refunded within 30 days of purchase if unused; refunds are processed within 14 days. Insurance covers up to $500 per package. Thank you for shipping with ${invoice.brandName}.`,
    left,
    PAGE.height - PAGE.margin - 30,
    { width, align: 'center' },
  );
  doc.end();
  return ended;
}
