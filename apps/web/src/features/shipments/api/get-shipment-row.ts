import { queryOptions, useQuery } from '@tanstack/react-query';
import { FIRST_SHIPMENTS_PAGE, getShipments, getShipmentsQueryOptions } from './get-shipments';

/** A link to one label (`jump`, `shipmentdetailsid`) is looked for among the newest labels, this many a call... */
const LOOKUP_PAGE_SIZE = 50;
/** ...and this many calls at most (the newest 200 labels: a pickup is booked for a recent one). */
const LOOKUP_PAGES = 4;

/**
 * The label a link names by its shippingdetails_id (spec 03 §2 query parameters `jump` and
 * `shipmentdetailsid`), or null when it is not among the user's newest labels. userGetShipment
 * has no filter for it, so the newest pages are read until it is found. Its key sits under the
 * list's, so a change to the list reloads it too.
 */
export const getShipmentRowQueryOptions = (userId: number, shippingdetailsId: number) =>
  queryOptions({
    queryKey: [...getShipmentsQueryOptions(userId).queryKey, 'shippingdetails', shippingdetailsId],
    queryFn: async () => {
      for (let page = 0; page < LOOKUP_PAGES; page += 1) {
        const start = page * LOOKUP_PAGE_SIZE;
        const { data } = await getShipments(userId, { ...FIRST_SHIPMENTS_PAGE, start, num: LOOKUP_PAGE_SIZE });
        const row = data.list.find((found) => found.shippingdetails_id === shippingdetailsId);
        if (row) return row;
        if (start + LOOKUP_PAGE_SIZE >= data.total) break;
      }
      return null;
    },
    staleTime: 0,
  });

export const useShipmentRow = (userId: number, shippingdetailsId: number | null) =>
  useQuery({ ...getShipmentRowQueryOptions(userId, shippingdetailsId ?? 0), enabled: shippingdetailsId !== null });
