import { createHash } from 'node:crypto';
import { runCpuTask } from '../../workers/cpu-pool.js';

/**
 * The simulator's label QR code (issue 23 item 2), as USPS Label Broker makes one: a QR code the
 * Post Office counter scans to print the label. It encodes a Label Broker id (made from the
 * label's id, so the same label always gives the same code) and the tracking number, and says it
 * is simulated. A PNG drawn by bwip-js (the barcode library the labels use), 8 px a module with
 * the quiet zone QR codes need.
 */
export function labelBrokerPayload(labelId: string, trackingCode: string): string {
  const brokerId = createHash('sha256').update(labelId).digest('hex').slice(0, 16).toUpperCase();
  return `USPS-LABEL-BROKER:${brokerId};TRK:${trackingCode};SIMULATED`;
}

/** Drawn on the worker pool (workers/cpu-pool.ts): ~25 ms of CPU that would hold up the event loop. */
export function renderLabelQrCode(labelId: string, trackingCode: string): Promise<Buffer> {
  return runCpuTask({ task: 'barcode', options: { bcid: 'qrcode', text: labelBrokerPayload(labelId, trackingCode), scale: 8, paddingwidth: 4, paddingheight: 4, backgroundcolor: 'FFFFFF' } });
}
