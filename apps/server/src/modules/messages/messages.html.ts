import { PICKUP_TIME_ZONE, carrierDisplayName, doorLine, doorOutOfReach, type LockerDoor, outOfReachAdvice } from '@airbox/contract';
import { escapeHtml } from '../../providers/mail/mail-provider.js';

const pacific = new Intl.DateTimeFormat('en-US', {
  timeZone: PICKUP_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** 'Nov 21, 2026, 9:05 AM PST': the Terms count in Pacific time, so the messages do too. */
export function pacificDateTime(at: Date): string {
  return pacific.format(at);
}

export interface DeliveryNotice {
  carrier: string;
  trackingNo: string;
  hub: { business_name: string; address: string; city: string; state: string; zip_code: string; phone?: string };
  pickupCode: string;
  deliveredAt: Date;
  graceEnd: Date;
  /** The door the controller reported (issue 22 item 3); none said when it reported none. */
  door?: LockerDoor | null;
  /** The recipient needs a low door: a high one is then said plainly, with whom to call. */
  needsLowCompartment?: boolean;
}

/**
 * The door in the notice: 'Door B3 · low, wheelchair reachable.', and when a customer who needs a
 * low door got a high one, what to do about it; nothing when no door was reported.
 */
function doorSentences(notice: DeliveryNotice): string[] {
  if (!notice.door) return [];
  const line = `${doorLine(notice.door)}.`;
  if (!doorOutOfReach(notice.door, notice.needsLowCompartment ?? false)) return [line];
  return [line, outOfReachAdvice(notice.door, { name: notice.hub.business_name, phone: notice.hub.phone ?? '' })];
}

/**
 * The My Messages body of a delivery; the carrier by the name customers know (UPS, not the
 * wire's UPSDAP). Every value is escaped here (a carrier or tracking number
 * comes from a locker, not from us); the web app sanitises the HTML again before showing it.
 */
export function deliveryMessageHtml(notice: DeliveryNotice): string {
  const e = escapeHtml;
  const { hub } = notice;
  return [
    `<p>Your <strong>${e(carrierDisplayName(notice.carrier))}</strong> package, tracking number <strong>${e(notice.trackingNo)}</strong>, `,
    `was delivered to <strong>${e(hub.business_name)}</strong>, ${e(hub.address)}, ${e(hub.city)}, ${e(hub.state)} ${e(hub.zip_code)} `,
    `on ${e(pacificDateTime(notice.deliveredAt))}.</p>`,
    `<p>Your pickup code is <strong>${e(notice.pickupCode)}</strong>. `,
    ...doorSentences(notice).map((sentence, index) => (index === 0 ? `<strong>${e(sentence)}</strong> ` : `${e(sentence)} `)),
    `Pick it up by ${e(pacificDateTime(notice.graceEnd))} to avoid overdue charges (1 credit a day, up to 2 days).</p>`,
  ].join('');
}

/** The same notice as plain text, for the e-mail's text part and the text message. */
export function deliveryMessageText(notice: DeliveryNotice): string {
  const { hub } = notice;
  return (
    `Your ${carrierDisplayName(notice.carrier)} package ${notice.trackingNo} was delivered to ${hub.business_name}, ${hub.address}, ${hub.city}, ${hub.state} ${hub.zip_code}. ` +
    `Pickup code: ${notice.pickupCode}. ${doorSentences(notice)
      .map((sentence) => `${sentence} `)
      .join('')}Pick it up by ${pacificDateTime(notice.graceEnd)} to avoid overdue charges.`
  );
}
