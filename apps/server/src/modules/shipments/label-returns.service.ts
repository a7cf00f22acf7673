import {
  APP_PATHS,
  appUrl,
  carrierDisplayName,
  DAY_MS,
  LABEL_RETURN_MESSAGES,
  offersQrCode,
  RETURN_LABEL_ERRORCODE,
  RETURN_LABEL_SENDS_PER_DAY,
  type SendReturnLabelRequest,
  type sendReturnLabelRequestSchema,
} from '@airbox/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { type Db, writeTransaction } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { renderQrCodePng } from '../../providers/barcodes/qr-code.js';
import type { MailAttachment } from '../../providers/mail/mail-provider.js';
import { enqueueJob } from '../jobs/jobs.js';
import { brandedMail, type MailAction } from '../notifications/mail-layout.js';
import { findUserById, lockUser } from '../users/users.repository.js';
import { labelDropOffs } from './hub-drop-offs.service.js';
import { findShipment, findShipmentOfUser } from './shipments.repository.js';
import type { ShipmentRow } from './shipments.table.js';

/**
 * QR-code labels and return labels (issue 23 items 2 and 3): the label's QR code kept with it,
 * the label-ready mail that carries it, and a return label mailed to the person who will use it.
 * Rating a return (is_return) and asking for the QR code at Review and pay are in
 * label-purchase.service.ts; the QR code is fetched with the label in label-checkout.ts.
 */

/** A label of the user's that a return may be made of: bought (in transit or delivered), not refunded. */
export async function returnableLabel(db: Db, userId: number, id: number): Promise<ShipmentRow> {
  const label = await findShipmentOfUser(db, userId, { id }, ['bought']);
  if (!label) throw AppError.invalid(LABEL_RETURN_MESSAGES.returnOfNotFound);
  return label;
}

/** Refuses a QR code for a carrier that makes none, naming the field. */
export function checkQrCodeChoice(carrier: string): void {
  if (!offersQrCode(carrier)) throw AppError.invalid(LABEL_RETURN_MESSAGES.qrCodeNotOffered(carrierDisplayName(carrier)));
}

/** Keeps a bought label's QR code (a kept one stays). */
export async function saveLabelQrCode(trx: Db, shipmentId: number, png: Buffer): Promise<void> {
  await trx
    .insertInto('shipment_qr_codes')
    .values({ shipment_id: shipmentId, content: png })
    .onConflict((oc) => oc.column('shipment_id').doNothing())
    .execute();
}

async function qrCodeOfShipment(db: Db, shipmentId: number): Promise<Buffer | undefined> {
  const row = await db.selectFrom('shipment_qr_codes').select('content').where('shipment_id', '=', shipmentId).executeTakeFirst();
  return row ? Buffer.from(row.content) : undefined;
}

/** The QR code of one of the user's bought labels; undefined when not theirs, not bought, or it has none. */
export async function labelQrCodeOf(db: Db, userId: number, shipmentId: number): Promise<Buffer | undefined> {
  const label = await findShipmentOfUser(db, userId, { id: shipmentId }, ['bought']);
  return label ? qrCodeOfShipment(db, label.id) : undefined;
}

/** Which of the labels have a kept QR code (for Purchased Labels' rows). */
export async function labelsWithQrCode(db: Db, shipmentIds: number[]): Promise<Set<number>> {
  if (shipmentIds.length === 0) return new Set();
  const rows = await db.selectFrom('shipment_qr_codes').select('shipment_id').where('shipment_id', 'in', shipmentIds).execute();
  return new Set(rows.map((row) => row.shipment_id));
}

/** The order numbers of the labels some return labels return, by their id. */
export async function returnedOrderNumbers(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('shipments').select(['id', 'order_no']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.order_no]));
}

const qrAttachment = (orderNo: string, png: Buffer): MailAttachment => ({ filename: `label-${orderNo}-qr-code.png`, content: png, contentType: 'image/png' });

/** The QR code's paragraph in a mail. */
export const QR_CODE_MAIL_LINE =
  'No printer needed: show the attached QR code (on your phone or printed) at a Post Office counter, and they print the label and take the parcel.';

/**
 * The label-ready mail of a label with a QR code to carry: the receipt the customer gets for every
 * label, with the Post Office's QR code of a QR-code label (issue 23 item 2) or the QR code of a
 * hub drop-off's code (item 1) attached. A job (the notice's words in its payload, the images made
 * when it runs), queued in the purchase's transaction as notify queues a mail.
 */
export async function enqueueLabelReadyQrMail(
  trx: Db,
  deps: Pick<AppContext, 'config'>,
  shipmentId: number,
  notice: { to: string; firstName: string; subject: string; lines: string[]; action: MailAction },
): Promise<void> {
  await enqueueJob(trx, deps.config.clock(), 'label-qr-mail', { shipmentId, ...notice }, { uniqueKey: `label-qr-mail:${shipmentId}` });
}

export async function mailLabelReadyQr(
  deps: Pick<AppContext, 'db' | 'config' | 'mail' | 'log'>,
  input: { shipmentId: number; to: string; firstName: string; subject: string; lines: string[]; action: MailAction },
): Promise<void> {
  const shipment = await findShipment(deps.db, input.shipmentId);
  const png = shipment && (await qrCodeOfShipment(deps.db, shipment.id));
  // A drop-off code still usable (not refunded, used or expired by the time this runs).
  const dropOff = shipment && (await labelDropOffs(deps.db, deps.config, [shipment])).get(shipment.id);
  const dropOffPng = dropOff?.code ? await renderQrCodePng(dropOff.code) : undefined;
  const attachments: MailAttachment[] = [];
  if (shipment && png) attachments.push(qrAttachment(shipment.order_no, png));
  if (shipment && dropOffPng) attachments.push({ filename: `drop-off-${shipment.order_no}-qr-code.png`, content: dropOffPng, contentType: 'image/png' });
  const mail = brandedMail(deps.config, input.to, {
    subject: `${deps.config.brandName}: ${input.subject}`,
    lines: png ? [...input.lines, QR_CODE_MAIL_LINE] : input.lines,
    action: input.action,
    firstName: input.firstName,
  });
  await deps.mail.send(attachments.length > 0 ? { ...mail, attachments } : mail);
}

type SendInput = z.output<typeof sendReturnLabelRequestSchema>;

/**
 * Mails one of the user's bought return labels to the person who will send the return (its PDF
 * attached, and its QR code where it has one), as a job queued with the send's row; at most
 * RETURN_LABEL_SENDS_PER_DAY a day. 404 for a label not theirs, not bought or not a return.
 */
export async function sendReturnLabel(deps: Pick<AppContext, 'db' | 'config' | 'log'>, userId: number, input: SendInput | SendReturnLabelRequest): Promise<string> {
  const email = String(input.email);
  const now = deps.config.clock();
  await writeTransaction(deps.db, async (trx) => {
    // The user's row held: two sends at once count one after the other.
    const user = await lockUser(trx, userId);
    const label = user && (await findShipmentOfUser(trx, userId, { id: Number(input.id) }, ['bought']));
    if (!label || label.return_of_id === null) throw new AppError(404, RETURN_LABEL_ERRORCODE.notFound, LABEL_RETURN_MESSAGES.notAReturn);
    const dayAgo = new Date(now.getTime() - DAY_MS).toISOString();
    const made = await trx
      .selectFrom('return_label_sends')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('user_id', '=', userId)
      .where('created_at', '>', dayAgo)
      .executeTakeFirstOrThrow();
    if (Number(made.count) >= RETURN_LABEL_SENDS_PER_DAY) throw new AppError(409, RETURN_LABEL_ERRORCODE.limitReached, LABEL_RETURN_MESSAGES.perDay(RETURN_LABEL_SENDS_PER_DAY));
    const sent = await trx
      .insertInto('return_label_sends')
      .values({ shipment_id: label.id, user_id: userId, email, copy_me: input.copyMe ? 1 : 0, created_at: now.toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await enqueueJob(trx, now, 'return-label-mail', { sendId: sent.id });
    deps.log.info({ shipmentId: label.id, userId }, 'return label sent');
  });
  return LABEL_RETURN_MESSAGES.sent(email);
}

/** The 'return-label-mail' job: the return label's mail to the person who sends the return (and a copy to the customer, if asked). */
export async function mailReturnLabel(deps: Pick<AppContext, 'db' | 'config' | 'mail' | 'log'>, sendId: number): Promise<void> {
  const send = await deps.db.selectFrom('return_label_sends').selectAll().where('id', '=', sendId).executeTakeFirst();
  if (!send) return;
  const [label, user] = await Promise.all([findShipment(deps.db, send.shipment_id), findUserById(deps.db, send.user_id)]);
  if (!label || !user || label.state !== 'bought') return;
  const pdf = await deps.db.selectFrom('shipment_labels').select('content').where('shipment_id', '=', label.id).where('format', '=', 'PDF').executeTakeFirst();
  const qr = await qrCodeOfShipment(deps.db, label.id);
  const sender = `${user.first_name} ${user.last_name}`.trim() || 'An AirBox customer';
  const carrier = carrierDisplayName(label.carrier);
  const recipient = [`${label.to_first_name} ${label.to_last_name}`.trim() || label.to_company, `${label.to_city}, ${label.to_state}`].filter(Boolean).join(', ');
  const lines = [
    `${sender} sent you a prepaid ${carrier} return label for your parcel to ${recipient}. Tracking number: ${label.tracking_code ?? ''}.`,
    'Print the attached label (4x6, or on a letter sheet) and tape it to the parcel, then hand it to the carrier or drop it off.',
    ...(qr ? [QR_CODE_MAIL_LINE] : []),
  ];
  const attachments: MailAttachment[] = [
    ...(pdf ? [{ filename: `return-label-${label.order_no}.pdf`, content: Buffer.from(pdf.content), contentType: 'application/pdf' }] : []),
    ...(qr ? [qrAttachment(label.order_no, qr)] : []),
  ];
  const subject = `${deps.config.brandName}: a return label from ${sender}`;
  await deps.mail.send({ ...brandedMail(deps.config, send.email, { subject, lines }), attachments });
  if (send.copy_me === 1) {
    const copy = brandedMail(deps.config, user.email, {
      subject: `${deps.config.brandName}: your return label ${label.order_no} was sent to ${send.email}`,
      lines: [`We e-mailed your ${carrier} return label ${label.order_no} to ${send.email}. A copy is attached.`],
      action: { label: 'Purchased Labels', link: appUrl(deps.config.publicUrl, APP_PATHS.shipments.getHref(label.order_no)) },
      firstName: user.first_name,
    });
    await deps.mail.send({ ...copy, attachments, messageId: undefined });
  }
}
