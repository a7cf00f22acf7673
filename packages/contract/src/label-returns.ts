import { z } from 'zod';
import { call } from './call-descriptor.js';
import { API_ERRORCODE, LABEL_FILE_ERRORCODE } from './errorcodes.js';
import { emailField, flagField, idField, whenMissing } from './fields.js';

/**
 * No printer needed, and return labels (issue 23 items 2 and 3).
 *
 * QR-code labels: USPS offers a QR code the counter scans to print the label (USPS Label Broker;
 * EasyPost makes it as the shipment's 'label_qr_code' form once the label is bought). The
 * customer asks for it at Review and pay (buyLabelCall's qrCode); a carrier without it is
 * refused naming the field. The label's row then says so (qrCode) and getLabelQrCodeCall gives
 * the image.
 *
 * Return labels: rateLabelCall's returnOf names a bought label of the customer's; the page is
 * filled from it with the addresses swapped (editable), rated as a return (EasyPost's is_return)
 * and paid through the same checkout. The row says which label it returns (returnOf). A return
 * label can be mailed to the person who will use it (sendReturnLabelCall): its 4x6 PDF attached,
 * and its QR code where it has one.
 */

/** The carriers (as the wire names them) that make a QR code to show at the counter. */
export const QR_CODE_CARRIERS = ['USPS'] as const;

/** Whether a carrier (USPS, UPSDAP, FedEx as the wire names them) offers a QR code instead of a printed label. */
export function offersQrCode(carrier: string | null | undefined): boolean {
  return (QR_CODE_CARRIERS as readonly string[]).includes(carrier ?? '');
}

/** A customer mails at most this many return labels in 24 hours. */
export const RETURN_LABEL_SENDS_PER_DAY = 10;

export const RETURN_LABEL_ERRORCODE = { ok: 0, notFound: API_ERRORCODE.notFound, limitReached: API_ERRORCODE.limitReached } as const;

export const LABEL_RETURN_MESSAGES = {
  /** buyLabelCall with qrCode for a rate whose carrier makes none. */
  qrCodeNotOffered: (carrier: string) => `qrCode: ${carrier} does not offer a QR code to show at the counter. Choose a USPS service, or print the label.`,
  qrChoice: 'QR code to show at the counter',
  qrChoiceHelp: 'No printer needed: show the QR code at a Post Office counter and they print the label for you.',
  printChoice: 'Printed label',
  /** rateLabelCall with returnOf naming no bought label of the customer's. */
  returnOfNotFound: 'returnOf: no such label of yours to return. Pick a bought or delivered label on Purchased Labels.',
  /** How a return label is paid, by carrier (the carriers provider's word). */
  chargedAtPurchase: 'Paid now, as any label: a return label you do not use can be refunded like any other.',
  emailRequired: 'Enter the e-mail address of the person who will send the return',
  notAReturn: 'Only a bought return label can be sent.',
  perDay: (max: number) => `You have sent ${max} return labels in the last 24 hours, the most we allow. Try again tomorrow.`,
  sent: (to: string) => `The return label was e-mailed to ${to}.`,
  noQrCode: 'This label has no QR code.',
  /** The label page opened for a return (issue 23 item 3). */
  returnNotice: (orderNo: string) =>
    `A return label for order ${orderNo}: the addresses are swapped (the parcel goes back to its sender). Check them, and the package, before you pay: every step can be changed.`,
  returnNotFound: 'That label cannot have a return label (it is not one of your bought labels). Start a new label instead.',
  returnReview: (orderNo: string) => `Return label for order ${orderNo}.`,
} as const;

export const getLabelQrCodeCall = call({
  method: 'POST',
  path: '/app/v1/getLabelQrCode',
  encoding: 'form',
  signedIn: true,
  successCodes: [LABEL_FILE_ERRORCODE.ok],
  summary: "The QR code of one of the signed-in user's bought labels, to show at the counter, as a base64 PNG. errorcode 0; -1 no such label of theirs, or it has no QR code (data empty).",
  request: z.object({ shippingIndexID: idField }),
  response: z.object({ errorcode: z.number().int(), message: z.string(), data: z.string() }),
});

export const sendReturnLabelRequestSchema = z.object({
  /** The return label (shippingIndexID). */
  id: idField,
  email: emailField({ required: LABEL_RETURN_MESSAGES.emailRequired, invalid: LABEL_RETURN_MESSAGES.emailRequired }),
  /** Send a copy to the customer too. */
  copyMe: whenMissing(flagField, false),
});
export type SendReturnLabelRequest = z.input<typeof sendReturnLabelRequestSchema>;

/** The SEND RETURN LABEL dialog's form: the address and whether to copy the customer. */
export const sendReturnLabelFormSchema = sendReturnLabelRequestSchema.pick({ email: true, copyMe: true });

export const sendReturnLabelCall = call({
  method: 'POST',
  path: '/app/v1/labelPurchase/sendReturnLabel',
  encoding: 'json',
  signedIn: true,
  successCodes: [RETURN_LABEL_ERRORCODE.ok],
  summary:
    "Mail one of the signed-in user's bought return labels to the person who will use it: the 4x6 PDF attached, and its QR code where it has one. errorcode 0; -404 (404) no such return label of theirs; -409 (409) RETURN_LABEL_SENDS_PER_DAY reached.",
  request: sendReturnLabelRequestSchema,
  response: z.object({ errorcode: z.number().int(), message: z.string() }),
});
