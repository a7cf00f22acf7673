import { MESSAGES } from '@airbox/contract';
import { AppError } from '../../errors.js';
import { BarcodeRendererBusy, type Code128Renderer } from '../../providers/barcodes/code128.js';

/** The app's barcode drawer (plugins/barcodes.ts). */
export interface BarcodeDeps {
  barcodes: Code128Renderer;
}

/**
 * A route code as a Code128 PNG, with the code printed under it (genCode128, /barcode/{code}/).
 * Refused with 429 when the drawing queue is full.
 */
export async function routeCodeBarcode(deps: BarcodeDeps, routeCode: string): Promise<Buffer> {
  return deps.barcodes.renderCode128Png(routeCode).catch((error: unknown) => {
    throw error instanceof BarcodeRendererBusy ? AppError.tooMany(MESSAGES.barcodesBusy) : error;
  });
}
