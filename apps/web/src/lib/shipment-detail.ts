import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './http';

export interface ShipmentKey {
  shipmentID: string;
  shippingIndexID: number;
}

/**
 * GET getShipmentDetail {shipmentID, shipmentIndexID}: one of the user's shipments; not theirs or
 * gone is SHIPMENT_DETAIL_ERRORCODE.expired. Shared: Shipment Order Details shows it, the pickup
 * wizard starts from its ship-from address.
 */
export const getShipmentDetail = ({ shipmentID, shippingIndexID }: ShipmentKey) =>
  request('getShipmentDetailCall', { shipmentID, shipmentIndexID: shippingIndexID });

export const getShipmentDetailQueryOptions = (key: ShipmentKey) =>
  queryOptions({
    queryKey: ['shipment-detail', key.shippingIndexID, key.shipmentID],
    queryFn: () => getShipmentDetail(key),
    // The dialog says ' ShipmentID expired' for any failure (spec 03 §8).
    meta: { handlesServiceFailure: true },
    staleTime: 0,
  });

export const useShipmentDetail = (key: ShipmentKey | null) =>
  useQuery({ ...getShipmentDetailQueryOptions(key ?? { shipmentID: '', shippingIndexID: 0 }), enabled: key !== null });
