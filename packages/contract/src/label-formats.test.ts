import { describe, expect, it } from 'vitest';
import { decodeLabelPurchaseParam, encodeLabelPurchaseParam } from './label-purchase.js';
import { LABEL_FORMAT_MESSAGES, labelFileName, saveLabelFormatCall } from './label-formats.js';
import { downloadLabelPdfCall } from './shipments-calls.js';

describe('label formats', () => {
  it('takes each format and refuses anything else naming labelFormat', () => {
    for (const labelFormat of ['pdf-4x6', 'png-4x6', 'pdf-letter', 'zpl']) expect(saveLabelFormatCall.request.parse({ labelFormat })).toEqual({ labelFormat });
    for (const labelFormat of ['PDF', 'epl2', '', 'pdf-4x6; drop']) {
      const parsed = saveLabelFormatCall.request.safeParse({ labelFormat });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(LABEL_FORMAT_MESSAGES.format());
    }
  });

  it('downloads the 4x6 PDF when a client names no format, as the spec’s clients do', () => {
    expect(downloadLabelPdfCall.request.parse({ shipmentId: 'shp_1' })).toEqual({ shipmentId: 'shp_1' });
    expect(downloadLabelPdfCall.request.safeParse({ shipmentId: 'shp_1', format: 'gif' }).error?.issues[0]?.message).toBe(LABEL_FORMAT_MESSAGES.format('format'));
  });

  it('names the file by its format', () => {
    expect(['pdf-4x6', 'png-4x6', 'pdf-letter', 'zpl'].map((format) => labelFileName('A100', format as never))).toEqual([
      'label-A100.pdf',
      'label-A100.png',
      'label-A100-letter.pdf',
      'label-A100.zpl',
    ]);
  });

  it('carries a label to ship again in the label page’s param', () => {
    const param = encodeLabelPurchaseParam({ boxId: '123456', userId: 7, shipAgainId: 42 });
    expect(decodeLabelPurchaseParam(param)).toEqual({ boxId: '123456', userId: 7, shipAgainId: 42 });
    expect(decodeLabelPurchaseParam(encodeLabelPurchaseParam({ boxId: '1', userId: 7, shipAgainId: -1 }))).toEqual({ boxId: '1', userId: 7 });
  });
});
