import { z } from 'zod';
import { call } from './call-descriptor.js';
import { textField } from './fields.js';

/**
 * Label formats (issue 23 item 4). A bought label can be had as a 4×6 PDF (the default, as the
 * spec's downloadLabelPdf answers), a 4×6 PNG, an 8.5×11 PDF that holds two labels a sheet
 * (each half a 4×6 label turned sideways, for half-sheet label paper or plain paper cut in two),
 * or ZPL II for thermal printers. The customer's choice is kept in their profile; View and Print
 * on Purchased Labels use it, and each download may pick another.
 */
export const LABEL_FORMATS = ['pdf-4x6', 'png-4x6', 'pdf-letter', 'zpl'] as const;
export type LabelFormatId = (typeof LABEL_FORMATS)[number];
export const DEFAULT_LABEL_FORMAT: LabelFormatId = 'pdf-4x6';

export interface LabelFormatInfo {
  /** How the screens name it. */
  name: string;
  /** What it is for, under the name. */
  hint: string;
  extension: 'pdf' | 'png' | 'zpl';
  contentType: string;
}

export const LABEL_FORMAT_INFO: Record<LabelFormatId, LabelFormatInfo> = {
  'pdf-4x6': { name: '4×6 PDF', hint: 'For 4×6 label printers and sticker labels', extension: 'pdf', contentType: 'application/pdf' },
  'png-4x6': { name: '4×6 PNG image', hint: 'A picture of the label, 4×6 at 300 dpi', extension: 'png', contentType: 'image/png' },
  'pdf-letter': { name: '8.5×11 PDF, two labels a sheet', hint: 'For office printers: half-sheet labels or plain paper', extension: 'pdf', contentType: 'application/pdf' },
  zpl: { name: 'ZPL for thermal printers', hint: 'For Zebra and other ZPL printers (203 dpi)', extension: 'zpl', contentType: 'application/zpl' },
};

export const LABEL_FORMAT_MESSAGES = {
  /** The refusal of a format it does not know, naming the field ('labelFormat' in the profile, 'format' on a download). */
  format: (field = 'labelFormat') => `${field}: choose one of ${LABEL_FORMATS.join(', ')}`,
  saved: (format: LabelFormatId) => `Labels will open as ${LABEL_FORMAT_INFO[format].name}.`,
  alsoOnlyOnLetter: 'alsoShipmentId: a second label goes only on an 8.5x11 sheet (format pdf-letter)',
} as const;

/** A label format as a client sends it in the field `field`; anything else is refused naming the field. */
export const labelFormatFieldNamed = (field: string) => textField.trim().pipe(z.enum(LABEL_FORMATS, { message: LABEL_FORMAT_MESSAGES.format(field) }));
export const labelFormatField = labelFormatFieldNamed('labelFormat');

/** The file name a label of `orderNo` is saved as in `format`: label-ORDERNO.pdf, -letter.pdf, .png, .zpl. */
export function labelFileName(orderNo: string, format: LabelFormatId): string {
  return `label-${orderNo}${format === 'pdf-letter' ? '-letter' : ''}.${LABEL_FORMAT_INFO[format].extension}`;
}

export const LABEL_FORMAT_ERRORCODE = { ok: 0 } as const;

const result = z.object({ errorcode: z.number().int(), message: z.string() });

export const getLabelFormatCall = call({
  method: 'GET',
  path: '/app/v1/labelFormat',
  encoding: 'query',
  signedIn: true,
  successCodes: [LABEL_FORMAT_ERRORCODE.ok],
  summary: `The signed-in user's label format (${LABEL_FORMATS.join(', ')}; ${DEFAULT_LABEL_FORMAT} until they choose). errorcode 0.`,
  request: z.object({}),
  response: result.extend({ labelFormat: z.enum(LABEL_FORMATS) }),
});

export const saveLabelFormatCall = call({
  method: 'POST',
  path: '/app/v1/labelFormat/save',
  encoding: 'form',
  signedIn: true,
  successCodes: [LABEL_FORMAT_ERRORCODE.ok],
  summary: `Keep the signed-in user's label format, used by View, Print and Download on Purchased Labels: one of ${LABEL_FORMATS.join(', ')}. errorcode 0; -400 (400) any other value, naming labelFormat, nothing kept.`,
  request: z.object({ labelFormat: labelFormatField }),
  response: result.extend({ labelFormat: z.enum(LABEL_FORMATS) }),
});
