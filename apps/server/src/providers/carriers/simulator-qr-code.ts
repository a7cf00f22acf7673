import { createHash } from 'node:crypto';
import { renderQrCodePng } from '../barcodes/qr-code.js';

/**
 * The simulator's label QR code (issue 23 item 2), as USPS Label Broker makes one: a QR code the
 * Post Office counter scans to print the label. It encodes a Label Broker id (made from the
 * label's id, so the same label always gives the same code) and the tracking number, and says it
 * is simulated.
 */
export function labelBrokerPayload(labelId: string, trackingCode: string): string {
  const brokerId = createHash('sha256').update(labelId).digest('hex').slice(0, 16).toUpperCase();
  return `USPS-LABEL-BROKER:${brokerId};TRK:${trackingCode};SIMULATED`;
}

/** Its PNG, drawn on the worker pool. */
export function renderLabelQrCode(labelId: string, trackingCode: string): Promise<Buffer> {
  return renderQrCodePng(labelBrokerPayload(labelId, trackingCode));
}
