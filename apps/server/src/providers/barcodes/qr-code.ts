import { runCpuTask } from '../../workers/cpu-pool.js';

/**
 * A QR code of some text as a PNG drawn by bwip-js (the barcode library the labels use), 8 px a
 * module with the quiet zone QR codes need, on the worker pool (workers/cpu-pool.ts): ~25 ms of
 * CPU that would hold up the event loop. For the images a mail carries; the web draws its own.
 */
export function renderQrCodePng(text: string): Promise<Buffer> {
  return runCpuTask({ task: 'barcode', options: { bcid: 'qrcode', text, scale: 8, paddingwidth: 4, paddingheight: 4, backgroundcolor: 'FFFFFF' } });
}
