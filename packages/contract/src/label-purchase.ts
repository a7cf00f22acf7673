/**
 * The label-purchase page (/app/shipment/#/Shipment/shipmentRate?param={encoded}, spec 01 §2)
 * takes the customer's AirBox ID and user id, plus OrderId when a saved order is continued, as
 * one `param`: base64 of their JSON (UTF-8), made safe for a query string. unpaidLabelId (ours)
 * opens an unpaid purchase at its Review step, everything as it was chosen.
 */
export interface LabelPurchaseParam {
  boxId: string;
  userId: number;
  OrderId?: string | number;
  unpaidLabelId?: number;
  /** Ship again (issue 23 item 5): a label of the customer's whose addresses, package and service the page starts from. */
  shipAgainId?: number;
  /** Return label (issue 23 item 3): a label of the customer's whose return the page starts from, its addresses swapped. */
  returnOfId?: number;
}

export function encodeLabelPurchaseParam({ boxId, userId, OrderId, unpaidLabelId, shipAgainId, returnOfId }: LabelPurchaseParam): string {
  const json = JSON.stringify({ boxId, userId, OrderId, unpaidLabelId, shipAgainId, returnOfId });
  const bytes = new TextEncoder().encode(json);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return encodeURIComponent(btoa(binary));
}

/**
 * The page's `param` read back: undefined when it is missing or is not what
 * encodeLabelPurchaseParam makes. It only pre-selects (a saved order to continue): the page takes
 * the customer from the session, never from here.
 */
export function decodeLabelPurchaseParam(param: string | null | undefined): LabelPurchaseParam | undefined {
  if (!param) return undefined;
  try {
    const binary = atob(decodeURIComponent(param));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (typeof value !== 'object' || value === null) return undefined;
    const { boxId, userId, OrderId, unpaidLabelId, shipAgainId, returnOfId } = value as Record<string, unknown>;
    if (typeof boxId !== 'string' || typeof userId !== 'number') return undefined;
    const orderId = typeof OrderId === 'number' || (typeof OrderId === 'string' && /^\d{1,10}$/.test(OrderId)) ? OrderId : undefined;
    return {
      boxId,
      userId,
      ...(orderId === undefined ? {} : { OrderId: orderId }),
      ...(Number.isInteger(unpaidLabelId) && (unpaidLabelId as number) > 0 ? { unpaidLabelId: unpaidLabelId as number } : {}),
      ...(Number.isInteger(shipAgainId) && (shipAgainId as number) > 0 ? { shipAgainId: shipAgainId as number } : {}),
      ...(Number.isInteger(returnOfId) && (returnOfId as number) > 0 ? { returnOfId: returnOfId as number } : {}),
    };
  } catch {
    return undefined;
  }
}
