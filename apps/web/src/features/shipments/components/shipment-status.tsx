import { shipmentStatus, type ShipmentRow } from '@airbox/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { StatusChip } from '../../../components/status-chip';
import { DropOffNote } from './drop-off-code';
import { LabelReturnNotes } from './label-returns';

/** 'auto refund requested': the daily job asked the carrier to take back a label never scanned. */
export const AUTO_REFUND_NOTE = 'auto refund requested';

/**
 * A label's status (spec 03 §4): the status word in its group's colour, then whether the refund
 * was asked automatically, why a paid purchase ended without a label, why a paid pickup was
 * not booked (its money refunded), and a hub drop-off's code while it works (issue 23 item 1).
 */
export function ShipmentStatus({ row }: { row: ShipmentRow }) {
  const status = shipmentStatus(row);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5, maxWidth: 180 }}>
      {/* A long status ('Dropped off at <hub>', issue 23 item 1) wraps rather than being cut. */}
      <StatusChip size="small" status={status} sx={{ height: 'auto', maxWidth: '100%', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }} />
      {row.autoRefund && (
        <Typography variant="caption" color="text.secondary">
          {AUTO_REFUND_NOTE}
        </Typography>
      )}
      {row.purchaseNote && (
        <Typography variant="caption" color="error.main">
          {row.purchaseNote}
        </Typography>
      )}
      {row.pickupNote && (
        <Typography variant="caption" color="error.main">
          {row.pickupNote}
        </Typography>
      )}
      {row.status_flag === '1' && <DropOffNote dropOff={row.dropOff} />}
      <LabelReturnNotes row={row} />
    </Box>
  );
}
