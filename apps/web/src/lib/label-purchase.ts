import { encodeLabelPurchaseParam, type LabelPurchaseParam } from '@airbox/contract';
import { env } from '../config/env';

/**
 * The label-purchase page's address (spec 03 §2): the configured label purchase URL with `param`,
 * the customer's AirBox ID and user id, plus OrderId when a saved order is continued. Shared by
 * the dashboard, Purchased Labels and Orders In Progress.
 */
export function labelPurchaseHref(param: LabelPurchaseParam): string {
  return `${env.labelPurchaseUrl}?param=${encodeLabelPurchaseParam(param)}`;
}
