import { API_ERRORCODE, DEFAULT_LABEL_FORMAT, LABEL_FORMAT_INFO, labelFileName, type LabelFormatId, type ShipAgain } from '@airbox/contract';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { CarrierError } from '../../providers/carriers/carriers-provider.js';
import { renderLetterSheets } from '../../workers/cpu-work.js';
import { findLabelFile, findShipmentOfUser, saveShipmentLabels, type ShipmentKey } from './shipments.repository.js';
import { toShipAgain } from './shipments.wire.js';

export { renderLetterSheets } from '../../workers/cpu-work.js';

/**
 * A bought label in the format the customer asks (issue 23 item 4). The carrier's 4x6 PDF and PNG
 * are kept at purchase (label-checkout.ts); the 8.5x11 sheet is laid out here from the kept PNG
 * (the carrier's own image, so a real carrier's label is printed as it made it, never redrawn);
 * ZPL is asked of the carrier the first time (EasyPost converts it: GET
 * /shipments/:id/label?file_format=ZPL; the simulator draws it with its one label renderer) and
 * kept beside the others.
 */

export const LABEL_FILE_MESSAGES = {
  zplUnavailable: 'The carrier could not give the ZPL label right now. Try again in a moment, or download the PDF.',
} as const;

export interface LabelDownload {
  contentType: string;
  filename: string;
  bytes: Buffer;
}

/**
 * The ZPL of one of the user's bought labels: kept, or asked of the carrier once and kept.
 * `beforeCarrierCall` runs before the carrier is asked (the route charges the account's hourly
 * budget of carrier calls there, so a label the carrier keeps failing cannot be asked endlessly).
 */
async function zplOf(ctx: Pick<AppContext, 'db' | 'carriers' | 'log'>, userId: number, shipment: ShipmentKey, beforeCarrierCall?: () => Promise<void>) {
  const kept = await findLabelFile(ctx.db, userId, shipment, 'ZPL');
  if (kept) return kept;
  const row = await findShipmentOfUser(ctx.db, userId, shipment, ['bought']);
  if (!row?.provider_shipment_id) return undefined;
  await beforeCarrierCall?.();
  let bytes: Buffer;
  try {
    bytes = (await ctx.carriers.fetchLabel(row.provider_shipment_id, 'ZPL')).bytes;
  } catch (error) {
    if (!(error instanceof CarrierError)) throw error;
    ctx.log.warn({ shipment: row.id, code: error.code }, 'the carrier gave no ZPL label');
    throw new AppError(503, API_ERRORCODE.unavailable, LABEL_FILE_MESSAGES.zplUnavailable);
  }
  await saveShipmentLabels(ctx.db, row.id, [{ format: 'ZPL', content: bytes }]);
  return { shipmentId: row.id, orderNo: row.order_no, content: bytes };
}

/**
 * One of the user's bought labels as a file in `format`; on an 8.5x11 sheet, `also` (another of
 * their bought labels) fills the bottom half. Undefined for a label not bought or not theirs.
 */
export async function labelDownloadOf(
  ctx: Pick<AppContext, 'db' | 'carriers' | 'log'>,
  userId: number,
  shipment: ShipmentKey,
  format: LabelFormatId = DEFAULT_LABEL_FORMAT,
  also?: ShipmentKey,
  beforeCarrierCall?: () => Promise<void>,
): Promise<LabelDownload | undefined> {
  const info = LABEL_FORMAT_INFO[format];
  const file =
    format === 'pdf-4x6'
      ? await findLabelFile(ctx.db, userId, shipment, 'PDF')
      : format === 'zpl'
        ? await zplOf(ctx, userId, shipment, beforeCarrierCall)
        : await findLabelFile(ctx.db, userId, shipment, 'PNG');
  if (!file) return undefined;
  if (format !== 'pdf-letter') return { contentType: info.contentType, filename: labelFileName(file.orderNo, format), bytes: file.content };
  const second = also && (await findLabelFile(ctx.db, userId, also, 'PNG'));
  if (also && !second) return undefined;
  const labels = second ? [file, second] : [file];
  const bytes = await renderLetterSheets(
    labels.map((label) => label.content),
    `Shipping label${labels.length > 1 ? 's' : ''} ${labels.map((label) => label.orderNo).join(', ')}`,
  );
  return { contentType: info.contentType, filename: labelFileName(file.orderNo, format), bytes };
}

/** The user's label format (pdf-4x6 until they choose). */
export async function labelFormatOf(db: Db, userId: number): Promise<LabelFormatId> {
  const row = await db.selectFrom('users').select('label_format').where('user_id', '=', userId).executeTakeFirst();
  return row?.label_format ?? DEFAULT_LABEL_FORMAT;
}

/** Keeps the user's label format (checked by the call's schema, and by the column's own check). */
export async function saveLabelFormat(db: Db, userId: number, format: LabelFormatId): Promise<void> {
  await db.updateTable('users').set({ label_format: format }).where('user_id', '=', userId).execute();
}

/**
 * Ship again (issue 23 item 5): a new label's start taken from one of the user's labels (any they
 * see on Purchased Labels, refunded ones too); undefined for another customer's or a draft.
 */
export async function shipAgainFrom(db: Db, userId: number, shipmentId: number): Promise<ShipAgain | undefined> {
  const row = await findShipmentOfUser(db, userId, { id: shipmentId });
  return row && toShipAgain(row);
}
