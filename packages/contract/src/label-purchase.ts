/**
 * The label-purchase page (/app/shipment/#/Shipment/shipmentRate?param={encoded}, spec 01 §2)
 * takes the customer's AirBox ID and user id, plus OrderId when a saved order is continued, as
 * one `param`: base64 of their JSON (UTF-8), made safe for a query string.
 */
export interface LabelPurchaseParam {
  boxId: string;
  userId: number;
  OrderId?: string | number;
}

export function encodeLabelPurchaseParam({ boxId, userId, OrderId }: LabelPurchaseParam): string {
  const json = JSON.stringify(OrderId === undefined ? { boxId, userId } : { boxId, userId, OrderId });
  const bytes = new TextEncoder().encode(json);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return encodeURIComponent(btoa(binary));
}
