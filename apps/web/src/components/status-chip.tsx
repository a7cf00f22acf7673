import { statusTone, type StatusTone } from '@airbox/contract';
import Chip, { type ChipProps } from '@mui/material/Chip';

const CHIP_COLOR: Record<StatusTone, NonNullable<ChipProps['color']>> = {
  success: 'success',
  info: 'info',
  warning: 'warning',
  error: 'error',
  neutral: 'default',
};

/**
 * A shipment's status word (a label's shipmentStatus, a tracker's status) in its group's colour,
 * as the contract's statusTone groups them: the same word has the same colour on every screen.
 */
export function StatusChip({ status, size, sx }: { status: string; size?: ChipProps['size']; sx?: ChipProps['sx'] }) {
  return <Chip size={size} color={CHIP_COLOR[statusTone(status)]} label={status} sx={sx} />;
}
