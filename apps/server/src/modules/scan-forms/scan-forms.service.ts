import { DAY_MS, localToday, SCAN_FORM_ERRORCODE, SCAN_FORM_LIMITS, SCAN_FORM_MESSAGES, type ScanForm, stateTimeZone } from '@airbox/contract';
import type { AppContext } from '../../context.js';
import { writeTransaction } from '../../db/database.js';
import { toIso, uniqueViolation } from '../../db/dialect.js';
import { AppError } from '../../errors.js';
import { CarrierError, type ScanFormResult } from '../../providers/carriers/carriers-provider.js';
import { lockShipment } from '../shipments/shipments.repository.js';
import { lockUser } from '../users/users.repository.js';
import type { ShipmentRow } from '../shipments/shipments.table.js';
import {
  claimScanForm,
  countScanFormsSince,
  findScanFormOfUser,
  insertScanForm,
  listScanFormLabels,
  listScanFormsOfUser,
  listShipmentsOfUser,
  releaseScanFormClaim,
  releaseScanFormLabels,
  scanFormsOfShipments,
  updateScanForm,
} from './scan-forms.repository.js';
import type { ScanFormRow } from './scan-forms.table.js';

/**
 * End-of-day scan forms (issue 25 item 2): one USPS SCAN form (EasyPost's ScanForm) for a list of
 * the customer's labels, so the carrier scans one sheet for all of them. The labels are checked
 * as EasyPost checks them, each refusal naming the label: USPS, bought and not refunded, never
 * scanned, on no other form, one sender address, one ship date, today or later.
 *
 * Made once: the form's row and its labels are written in one transaction that holds the labels'
 * rows (lockShipment, in id order), before the carrier is asked; scan_form_labels.shipment_id is
 * unique. The same list asked again (a replay, a double click, a request that lost its answer)
 * finds that row and answers it, asking the carrier again under the same key while it is still
 * being made. The carrier refusing frees the labels (the form reads failed, its note says why).
 *
 * A refund of a label on a scan form is not refused: EasyPost and USPS refund an unscanned label
 * whatever manifest lists it (the carrier simply never scans it), and a SCAN form cannot be
 * changed once made; the list then marks the label refunded and says so.
 */

export type ScanFormDeps = Pick<AppContext, 'db' | 'config' | 'log' | 'carriers'>;

type Outcome = { ok: true; form: ScanForm } | { ok: false; message: string };

/**
 * How long the request that asks the carrier for a form holds it (EasyPost answers within a
 * minute): a replay meanwhile answers the form as it stands (being made) instead of asking again.
 */
const CLAIM_MS = 2 * 60 * 1000;

/** The carrier's states after a scan (spec 03 §4): a parcel the carrier has is past its scan form. */
const NOT_SCANNED = new Set(['', 'pre_transit', 'unknown']);

/** The sender's address, however it was typed: the same street, second line, city, state and 5-digit ZIP. */
const senderKey = (shipment: ShipmentRow) =>
  [shipment.from_address1, shipment.from_address2, shipment.from_city, shipment.from_state, shipment.from_zipcode.slice(0, 5)]
    .map((part) => part.trim().replace(/\s+/g, ' ').toUpperCase())
    .join('|');

/** 'Casey Demo, 1 Main St, Apt 2, San Francisco, CA 94103'. */
const senderLine = (shipment: ShipmentRow) =>
  [
    [shipment.from_first_name, shipment.from_last_name].join(' ').trim() || shipment.from_company,
    shipment.from_address1,
    shipment.from_address2,
    shipment.from_city,
    `${shipment.from_state} ${shipment.from_zipcode}`.trim(),
  ]
    .filter(Boolean)
    .join(', ');

/** The day the label is handed over: the one chosen at purchase, else the day it was bought at the sender. */
const shipDateOf = (shipment: ShipmentRow) => shipment.ship_date ?? localToday(new Date(toIso(shipment.bought_at ?? shipment.created_at)), stateTimeZone(shipment.from_state));

/** Why a label cannot go on this scan form, or null. `first` is the first label that can. */
function problemOf(shipment: ShipmentRow, first: ShipmentRow | undefined, onForm: number | undefined, today: string): string | null {
  if (shipment.carrier !== 'USPS') return SCAN_FORM_MESSAGES.notUsps;
  if (shipment.state === 'refund_pending' || shipment.state === 'refunded') return SCAN_FORM_MESSAGES.refunded;
  if (shipment.state !== 'bought') return SCAN_FORM_MESSAGES.notBought;
  if (!NOT_SCANNED.has(shipment.tracker_status)) return SCAN_FORM_MESSAGES.scanned;
  if (onForm !== undefined) return SCAN_FORM_MESSAGES.onScanForm(onForm);
  const date = shipDateOf(shipment);
  if (date < today) return SCAN_FORM_MESSAGES.shipDatePassed(date);
  if (first && senderKey(shipment) !== senderKey(first)) return SCAN_FORM_MESSAGES.otherSender;
  if (first && date !== shipDateOf(first)) return SCAN_FORM_MESSAGES.otherShipDate;
  return null;
}

/**
 * The labels checked in the order given: the refusal naming each one that cannot go on the form,
 * or the labels in that order.
 */
function checkLabels(ids: readonly number[], shipments: ShipmentRow[], onForms: Map<number, number>, now: Date): { ok: true; labels: ShipmentRow[] } | { ok: false; message: string } {
  const byId = new Map(shipments.map((shipment) => [shipment.id, shipment]));
  const labels: ShipmentRow[] = [];
  const lines: string[] = [];
  for (const id of ids) {
    const shipment = byId.get(id);
    if (!shipment) {
      lines.push(`${SCAN_FORM_MESSAGES.labelName(null, id)}: ${SCAN_FORM_MESSAGES.noSuchLabel}`);
      continue;
    }
    const today = localToday(now, stateTimeZone(shipment.from_state));
    const problem = problemOf(shipment, labels[0], onForms.get(id), today);
    if (problem) lines.push(`${SCAN_FORM_MESSAGES.labelName(shipment.order_no, id)}: ${problem}`);
    else labels.push(shipment);
  }
  return lines.length > 0 ? { ok: false, message: SCAN_FORM_MESSAGES.refused(lines) } : { ok: true, labels };
}

/** The form these labels already make together (a replay), when every one is on the same form and it lists no other. */
async function sameForm(deps: ScanFormDeps, userId: number, ids: readonly number[], onForms: Map<number, number>): Promise<ScanFormRow | undefined> {
  const forms = new Set(ids.map((id) => onForms.get(id)));
  const [formId] = [...forms];
  if (forms.size !== 1 || formId === undefined) return undefined;
  const form = await findScanFormOfUser(deps.db, userId, formId);
  if (!form || form.status === 'failed') return undefined;
  const listed = await listScanFormLabels(deps.db, [form.id]);
  return listed.length === ids.length ? form : undefined;
}

/** createScanFormCall: one scan form for the customer's labels, made once. */
export async function createScanForm(deps: ScanFormDeps, userId: number, ids: readonly number[], attempt = 0): Promise<Outcome> {
  const onForms = await scanFormsOfShipments(deps.db, ids);
  const replay = await sameForm(deps, userId, ids, onForms);
  if (replay) return finish(deps, replay, { claimed: false });

  const now = deps.config.clock();
  // Counted again under the customer's hold (below); this only spares the carrier-free checks.
  const made = await countScanFormsSince(deps.db, userId, new Date(now.getTime() - DAY_MS).toISOString());
  if (made >= SCAN_FORM_LIMITS.formsPerDay) throw new AppError(409, SCAN_FORM_ERRORCODE.limitReached, SCAN_FORM_MESSAGES.perDay(SCAN_FORM_LIMITS.formsPerDay));

  const checked = checkLabels(ids, await listShipmentsOfUser(deps.db, userId, ids), onForms, now);
  if (!checked.ok) return checked;
  const { labels } = checked;
  const first = labels[0]!;

  let formId: number | Outcome;
  try {
    formId = await writeTransaction(deps.db, async (trx): Promise<number | Outcome> => {
      // The customer's row held first, so two requests of other labels count the day's forms one
      // after the other; then the labels' rows in one order (no deadlock), read again under the hold.
      await lockUser(trx, userId);
      for (const id of [...ids].sort((a, b) => a - b)) await lockShipment(trx, id);
      const madeToday = await countScanFormsSince(trx, userId, new Date(now.getTime() - DAY_MS).toISOString());
      if (madeToday >= SCAN_FORM_LIMITS.formsPerDay) throw new AppError(409, SCAN_FORM_ERRORCODE.limitReached, SCAN_FORM_MESSAGES.perDay(SCAN_FORM_LIMITS.formsPerDay));
      const held = checkLabels(ids, await listShipmentsOfUser(trx, userId, ids), await scanFormsOfShipments(trx, ids), now);
      if (!held.ok) return held;
      const nowIso = now.toISOString();
      return insertScanForm(
        trx,
        { user_id: userId, provider: deps.carriers.name, provider_scan_form_id: null, status: 'creating', ship_date: shipDateOf(first), from_line: senderLine(first), created_at: nowIso, updated_at: nowIso },
        ids,
      );
    });
  } catch (error) {
    // Another request listed one of these labels at the same moment: answer its form when it is this same list.
    if (uniqueViolation(error) !== 'scan_form_labels.shipment_id') throw error;
    const raced = await sameForm(deps, userId, ids, await scanFormsOfShipments(deps.db, ids));
    if (raced) return finish(deps, raced, { claimed: false });
    const again = checkLabels(ids, await listShipmentsOfUser(deps.db, userId, ids), await scanFormsOfShipments(deps.db, ids), now);
    if (!again.ok) return again;
    // The racing form failed and freed the labels meanwhile: ask once more, else say to try again.
    if (attempt === 0) return createScanForm(deps, userId, ids, attempt + 1);
    throw AppError.unavailable();
  }
  if (typeof formId !== 'number') {
    // Held, the labels read another way (a race made the form first): a replay of it answers it.
    const raced = await sameForm(deps, userId, ids, await scanFormsOfShipments(deps.db, ids));
    return raced ? finish(deps, raced, { claimed: false }) : formId;
  }
  const form = await findScanFormOfUser(deps.db, userId, formId);
  if (!form) throw new Error(`scan form ${formId} vanished`);
  // Written now with this request's claim (its updated_at): this request asks the carrier.
  return finish(deps, form, { claimed: true });
}

/** The carrier refused a POST because the labels are on a form already (EasyPost's 422 SCAN_FORM.SHIPMENT.EXISTS, "already belongs to ScanForm"). */
const alreadyOnForm = (error: CarrierError) => error.details.providerCode === 'SCAN_FORM.SHIPMENT.EXISTS' || /already (belongs to|on) (a |the )?scan ?form/i.test(error.message);

/**
 * Asks the carrier for a form still being made, and records its answer. Only the request holding
 * the form's claim asks (the one that wrote it, or one taking a stale claim); any other answers the
 * form as it stands, being made. The row written before the POST is the record that the carrier
 * was asked: a later attempt (the first one's answer lost) looks the form up (findScanForm by its
 * id, else findScanFormOf by its labels) and POSTs again only when the carrier holds none, since
 * EasyPost takes no key and refuses a second POST (already on a ScanForm). A refusal frees the
 * labels unless the carrier holds a form of them; no answer gives the claim up, leaves it creating
 * and answers 503. `create: false` (a download) only reads at the carrier, never makes a form.
 */
async function finish(deps: ScanFormDeps, form: ScanFormRow, options: { claimed: boolean; create?: boolean }): Promise<Outcome> {
  if (form.status !== 'creating') return { ok: true, form: await toScanForm(deps, form) };
  const standing = async (): Promise<Outcome> => ({ ok: true, form: await toScanForm(deps, (await findScanFormOfUser(deps.db, form.user_id, form.id)) ?? form) });
  if (!options.claimed) {
    const now = deps.config.clock();
    const taken = await claimScanForm(deps.db, form.id, now.toISOString(), new Date(now.getTime() - CLAIM_MS).toISOString());
    if (!taken) return standing();
  }
  const labels = await listScanFormLabels(deps.db, [form.id]);
  const shipments = { shipmentIds: labels.map((label) => label.provider_shipment_id ?? ''), trackingCodes: labels.map((label) => label.tracking_code ?? '') };
  const lookUp = async () => (form.provider_scan_form_id ? await deps.carriers.findScanForm(form.provider_scan_form_id) : null) ?? (await deps.carriers.findScanFormOf(shipments));
  let made: ScanFormResult | null = null;
  try {
    // The first request asks at once; any later one was preceded by an ask whose answer may be lost.
    if (!options.claimed) made = await lookUp();
    if (!made && options.create === false) {
      await releaseScanFormClaim(deps.db, form.id);
      return standing();
    }
    made ??= await deps.carriers.createScanForm({ ...shipments, idempotencyKey: `scan-form-${form.id}` });
  } catch (error) {
    if (error instanceof CarrierError && !error.retryable) {
      // Refused: the labels may be on a form of an earlier ask whose answer was lost.
      made = await lookUp().catch(() => null);
      if (!made && alreadyOnForm(error)) {
        await releaseScanFormClaim(deps.db, form.id);
        deps.log.warn({ scanForm: form.id, code: error.code }, 'the carrier holds a scan form of these labels that it does not list yet');
        throw AppError.unavailable();
      }
    }
    if (!made) return refusedOrUnanswered(deps, form, error);
  }
  const status = made.status;
  const note = status === 'failed' ? SCAN_FORM_MESSAGES.carrierRefused(made.message ?? 'no reason given') : '';
  await writeTransaction(deps.db, async (trx) => {
    await updateScanForm(trx, form.id, { status, provider_scan_form_id: made.scanFormId, note, updated_at: deps.config.clock().toISOString() });
    if (status === 'failed') await releaseScanFormLabels(trx, form.id);
    // Still being made at the carrier (EasyPost makes forms in the background): the next reader asks for it.
    if (status === 'creating') await releaseScanFormClaim(trx, form.id);
  });
  if (status === 'failed') return { ok: false, message: note };
  deps.log.info({ scanForm: form.id, labels: labels.length }, 'scan form made');
  return standing();
}

/** No answer: the claim is given up and 503 answered; a refusal (and no form of these labels at the carrier): the form fails and frees its labels. */
async function refusedOrUnanswered(deps: ScanFormDeps, form: ScanFormRow, error: unknown): Promise<Outcome> {
  if (!(error instanceof CarrierError) || error.retryable) {
    await releaseScanFormClaim(deps.db, form.id);
    deps.log.error({ err: error, scanForm: form.id }, 'the carrier did not make the scan form');
    throw AppError.unavailable();
  }
  const note = SCAN_FORM_MESSAGES.carrierRefused(error.message);
  await writeTransaction(deps.db, async (trx) => {
    await updateScanForm(trx, form.id, { status: 'failed', note, updated_at: deps.config.clock().toISOString() });
    await releaseScanFormLabels(trx, form.id);
  });
  deps.log.warn({ scanForm: form.id, code: error.code }, 'the carrier refused the scan form');
  return { ok: false, message: note };
}

/** getScanFormsCall: a page of the customer's scan forms, newest first. */
export async function listScanForms(deps: ScanFormDeps, userId: number, page: { start: number; num: number }) {
  const { total, rows } = await listScanFormsOfUser(deps.db, userId, page, SCAN_FORM_LIMITS.scanFormsRead);
  const labels = await listScanFormLabels(deps.db, rows.map((row) => row.id));
  return { total, list: rows.map((row) => wireOf(row, labels.filter((label) => label.scan_form_id === row.id))) };
}

async function toScanForm(deps: ScanFormDeps, form: ScanFormRow): Promise<ScanForm> {
  return wireOf(form, await listScanFormLabels(deps.db, [form.id]));
}

function wireOf(form: ScanFormRow, labels: Awaited<ReturnType<typeof listScanFormLabels>>): ScanForm {
  const listed = labels.map((label) => ({
    shippingdetails_id: label.shipment_id,
    orderNo: label.order_no,
    trackingNum: label.tracking_code ?? '',
    refunded: label.state === 'refund_pending' || label.state === 'refunded',
  }));
  const note = form.note || (listed.some((label) => label.refunded) ? SCAN_FORM_MESSAGES.refundedOnForm : '');
  return {
    id: form.id,
    scanFormId: form.provider_scan_form_id ?? '',
    status: form.status,
    createdAt: toIso(form.created_at),
    shipDate: form.ship_date,
    fromAddress: form.from_line,
    labels: listed,
    note,
  };
}

/** downloadScanFormCall: the customer's made scan form as a PDF, or undefined for none of theirs (or one not made). */
export async function scanFormPdf(deps: ScanFormDeps, userId: number, id: number): Promise<Buffer | undefined> {
  let form = await findScanFormOfUser(deps.db, userId, id);
  if (!form || form.status === 'failed') return undefined;
  if (form.status === 'creating') {
    // A download only reads the form at the carrier: it never asks for one to be made.
    const outcome = await finish(deps, form, { claimed: false, create: false });
    if (!outcome.ok) return undefined;
    form = (await findScanFormOfUser(deps.db, userId, id)) ?? form;
  }
  if (form.status !== 'created' || !form.provider_scan_form_id) return undefined;
  try {
    return (await deps.carriers.fetchScanForm(form.provider_scan_form_id)).bytes;
  } catch (error) {
    deps.log.error({ err: error, scanForm: form.id }, 'the scan form file could not be fetched');
    throw AppError.unavailable();
  }
}
