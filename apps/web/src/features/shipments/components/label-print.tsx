import type { ShipmentRow } from '@airbox/contract';
import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { answerMessage } from '../../../lib/http';
import { useShippingLabel } from '../api/get-shipping-label';
import { LABEL_UNAVAILABLE } from './label-dialog';

/** The print-only view's class: while it is on the page, printing shows it alone. */
export const LABEL_PRINT_CLASS = 'label-print';

/** Printing shows only the label, on a 4 × 6 in page with no margin (what label printers take). */
const PRINT_STYLES = {
  '@media print': { [`body > *:not(.${LABEL_PRINT_CLASS})`]: { display: 'none !important' } },
  '@page': { size: '4in 6in', margin: 0 },
} as const;

/** The 8.5 × 11 sheet of two labels (issue 23 item 4): the label turned sideways in the top half. */
const LETTER_PRINT_STYLES = {
  '@media print': { [`body > *:not(.${LABEL_PRINT_CLASS})`]: { display: 'none !important' } },
  '@page': { size: 'letter', margin: 0 },
} as const;

/**
 * Prints a label straight from the list or the purchase's success note (issue 21): its 4×6 image
 * (on a 4×6 page, or sideways in the top half of a letter sheet: issue 23)
 * (getShippingLabel, the one VIEW SHIPMENT LABEL shows) in a view only the printer sees, then the
 * browser's print dialog once the image is in. `onDone` when the dialog has closed, or at once
 * when the label cannot be had (`onFailed` says why first). Mount it afresh (a new key) to print again.
 */
export function LabelPrint({
  row,
  sheet = '4x6',
  onDone,
  onFailed,
}: {
  row: ShipmentRow;
  /** The page printed on: the 4 × 6 label, or the top half of an 8.5 × 11 sheet of two (the customer's label format). */
  sheet?: '4x6' | 'letter';
  onDone: () => void;
  onFailed: (message: string) => void;
}) {
  const label = useShippingLabel(row.labelURL || null);
  const failed = !row.labelURL || label.isError;

  useEffect(() => {
    if (!failed) return;
    onFailed(answerMessage(label.error) ?? LABEL_UNAVAILABLE);
    onDone();
  }, [failed, label.error, onDone, onFailed]);

  useEffect(() => {
    window.addEventListener('afterprint', onDone);
    return () => window.removeEventListener('afterprint', onDone);
  }, [onDone]);

  if (!label.data) return null;
  return createPortal(
    <Box className={LABEL_PRINT_CLASS} data-sheet={sheet} sx={{ display: 'none', '@media print': { display: 'block' } }}>
      <GlobalStyles styles={sheet === 'letter' ? LETTER_PRINT_STYLES : PRINT_STYLES} />
      {sheet === 'letter' ? (
        <Box sx={{ width: '8.5in', height: '5.5in', display: 'flex', alignItems: 'center', justifyContent: 'center', borderBottom: '1px dashed #999' }}>
          <Box
            component="img"
            src={`data:image/png;base64,${label.data.data}`}
            alt={`Shipping label of order ${row.orderNo}`}
            onLoad={() => window.print()}
            sx={{ display: 'block', width: '4in', height: '6in', objectFit: 'contain', transform: 'rotate(90deg)', flexShrink: 0 }}
          />
        </Box>
      ) : (
        <Box
          component="img"
          src={`data:image/png;base64,${label.data.data}`}
          alt={`Shipping label of order ${row.orderNo}`}
          onLoad={() => window.print()}
          sx={{ display: 'block', width: '4in', height: '6in', objectFit: 'contain' }}
        />
      )}
    </Box>,
    document.body,
  );
}
