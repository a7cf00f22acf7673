import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { CarrierError, type WebhookHeaders } from '../../providers/carriers/carriers-provider.js';
import { recordTrackerEvent, type TrackingDeps } from './tracking.service.js';

export type CarrierWebhookDeps = TrackingDeps & Pick<AppContext, 'carriers'>;

/**
 * What became of a carrier webhook: refused for its signature; taken and ignored (an event about
 * something else: a batch, a refund); or a tracker event, stored when fresh (a replayed id changes
 * nothing).
 */
export type CarrierWebhookIntake =
  | { result: 'unsigned' }
  | { result: 'ignored' }
  | { result: 'trackerEvent'; eventId: string; fresh: boolean };

/**
 * A carrier webhook as received: proven by the signature of its raw bytes, read, and its tracker
 * event stored by id for the carrier-event job. A body that is signed but not a valid event is
 * refused with 400.
 */
export async function takeCarrierWebhook(deps: CarrierWebhookDeps, raw: Buffer, headers: WebhookHeaders): Promise<CarrierWebhookIntake> {
  if (!deps.carriers.verifyWebhook(raw, headers)) return { result: 'unsigned' };
  // A NUL is in no carrier's text, and PostgreSQL refuses it in a text column.
  if (raw.includes(0) || /\\u0000/i.test(raw.toString('latin1'))) throw AppError.invalid('The webhook body holds a NUL character.');
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    throw AppError.invalid('The webhook body is not JSON.');
  }
  let event;
  try {
    event = deps.carriers.parseTrackerEvent(body);
  } catch (error) {
    if (error instanceof CarrierError) throw AppError.invalid(`The webhook event is not valid: ${error.message}`);
    throw error;
  }
  if (!event) return { result: 'ignored' };
  const fresh = await recordTrackerEvent(deps, event);
  return { result: 'trackerEvent', eventId: event.eventId, fresh };
}
