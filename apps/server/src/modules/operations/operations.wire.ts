import { carrierDisplayName, carrierServiceName, type Operation, OPERATION_TYPE, type ServiceRenaming } from '@airbox/contract';
import { toIso, toIsoOrNull } from '../../db/dialect.js';
import type { OperationLine } from './operations.repository.js';

const SHORT_DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** 'Dec 1' of a pickup's 'YYYY-MM-DD' (the day at its address). */
const shortDay = (date: string) => SHORT_DAY.format(new Date(`${date}T00:00:00Z`));

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * 'FedEx 1Z999… at AirBox Union Square': the locker package of a delivery or a pickup, as far as it
 * is known (the line's type says which it was).
 */
function packageWords(line: OperationLine): string {
  const parcel = [line.package_carrier ? carrierDisplayName(line.package_carrier) : '', line.package_tracking_no ?? ''].filter(Boolean).join(' ');
  return [parcel, line.hub_name ? `at ${line.hub_name}` : ''].filter(Boolean).join(' ');
}

/**
 * What a line was for, in words (issue 21 item 5): 'Shipping label AB… · USPS Ground Advantage'
 * (the service named as carrierServiceName names it, by the renaming list), 'Refund of label AB… ·
 * USPS Ground Advantage', 'Carrier pickup · FedEx · Dec 1', '10 credits', '6-month membership', 'FedEx 1Z…
 * at AirBox Union Square · Late fee · 2 days' (a package picked up late), 'FedEx 1Z… at AirBox Union
 * Square · Free period extended · 1 day' (a day paid to keep a package free, issue 22 item 2). A money line written
 * before lines named their label or pickup reads 'Refund' when money went back, else nothing.
 */
export function operationDescription(line: OperationLine, renaming: readonly ServiceRenaming[]): string {
  switch (line.op_type) {
    case OPERATION_TYPE.purchase: {
      const refund = (line.quote_cents ?? 0) < 0;
      if (line.label_order_no !== null) {
        return [`${refund ? 'Refund of label' : 'Shipping label'} ${line.label_order_no}`, carrierServiceName(line.label_carrier, line.label_service, renaming)].filter(Boolean).join(' · ');
      }
      if (line.pickup_carrier !== null) {
        return ['Carrier pickup', carrierDisplayName(line.pickup_carrier), line.pickup_date ? shortDay(line.pickup_date) : ''].filter(Boolean).join(' · ');
      }
      return refund ? 'Refund' : '';
    }
    case OPERATION_TYPE.creditPlan:
      return plural(line.credits_delta, 'credit');
    case OPERATION_TYPE.sixMonthsPlan:
      return '6-month membership';
    case OPERATION_TYPE.twelveMonthsPlan:
      return '12-month membership';
    case OPERATION_TYPE.delivery:
      return packageWords(line);
    case OPERATION_TYPE.pickup:
    case OPERATION_TYPE.pickupInStore:
      return [packageWords(line), ...(line.overtime_days > 0 ? ['Late fee', plural(line.overtime_days, 'day')] : [])].filter(Boolean).join(' · ');
    case OPERATION_TYPE.pickupExtension:
      return [packageWords(line), 'Free period extended', '1 day'].filter(Boolean).join(' · ');
    default:
      return '';
  }
}

/**
 * The wire shape: dollars for money, credits as a magnitude (the web app shows the sign by type),
 * and what the line was for (description, beside the spec's fields), its service named by `renaming`.
 */
export function toOperation(line: OperationLine, renaming: readonly ServiceRenaming[]): Operation {
  return {
    op_id: line.op_id,
    op_type: line.op_type,
    op_timestamp: toIso(line.op_timestamp),
    delivery_time: toIsoOrNull(line.delivery_time),
    pickup_time: toIsoOrNull(line.pickup_time),
    charge_time: toIsoOrNull(line.charge_time),
    op_time: toIsoOrNull(line.op_time),
    quote: line.quote_cents === null ? null : line.quote_cents / 100,
    credits: Math.abs(line.credits_delta),
    overtime: line.overtime_days,
    balance: line.balance_after,
    description: operationDescription(line, renaming),
  };
}
