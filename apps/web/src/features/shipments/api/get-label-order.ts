import { STATUS_FLAG, type ShipmentRow } from '@airbox/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { FIRST_SHIPMENTS_PAGE, getShipments, getShipmentsQueryOptions } from './get-shipments';

/** A purchase still under way: paid for or paying, no label yet, and nothing has gone wrong. */
export const purchasePending = (row: ShipmentRow | undefined) =>
  row !== undefined && row.status_flag === STATUS_FLAG.unpaid && row.purchaseNote === '';

/** The part of the key that sets the label order's query apart from the pages of the list. */
export const LABEL_ORDER_KEY = 'labelOrder';

/** How often the list asks again while a label just paid for is being bought. */
export const PENDING_POLL_MS = 3000;

/**
 * The label of the order just paid for (`labelOrder`, spec 03 §2 query parameters): the user's
 * shipments searched by that order number. Asked again every few seconds while the purchase is
 * still under way. Its key sits under the list's, so a change to the list reloads it too.
 */
export const getLabelOrderQueryOptions = (userId: number, orderNo: string) =>
  queryOptions({
    queryKey: [...getShipmentsQueryOptions(userId).queryKey, LABEL_ORDER_KEY, orderNo],
    queryFn: async () => {
      const { data } = await getShipments(userId, { ...FIRST_SHIPMENTS_PAGE, search: { ...FIRST_SHIPMENTS_PAGE.search, orderNo }, num: 5 });
      return data.list.find((row) => row.orderNo === orderNo) ?? null;
    },
    refetchInterval: (query) => (purchasePending(query.state.data ?? undefined) ? PENDING_POLL_MS : false),
  });

export const useLabelOrder = (userId: number, orderNo: string | null) =>
  useQuery({ ...getLabelOrderQueryOptions(userId, orderNo ?? ''), enabled: Boolean(orderNo) });
