import type { LabelDropOff } from '@airbox/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { QRCodeSVG } from 'qrcode.react';
import { useId, useState } from 'react';
import { useFormatDateTime } from '../../../lib/user';

export const DROP_OFF_CODE_TEXT = {
  dropAt: (hub: string) => `Drop off at ${hub}`,
  show: 'SHOW DROP-OFF CODE',
  title: 'Your drop-off code',
  how: "At the hub's locker, scan the QR code or type the code: an empty compartment opens once. Put the parcel in and close the door; the hub prints the label.",
  validUntil: (when: string) => `Valid until ${when}`,
  qrLabel: (code: string) => `QR code of drop-off code ${code}`,
  expired: (when: string) => `The drop-off code expired ${when}. Request a refund, or SHIP AGAIN, from the label's menu.`,
  opening: "A compartment was opened for this code and waits for the parcel. If it did not go in, REFUND in the label's menu works again 15 minutes after the door opened.",
} as const;

/** The code, its QR code, the hub and how long it works: what the customer shows at the locker. */
export function DropOffCodePanel({ dropOff }: { dropOff: LabelDropOff }) {
  const formatDateTime = useFormatDateTime();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', minWidth: 0 }}>
      <Box sx={{ p: 1, bgcolor: '#fff', lineHeight: 0, borderRadius: 1 }}>
        <QRCodeSVG value={dropOff.code} size={160} level="M" role="img" aria-label={DROP_OFF_CODE_TEXT.qrLabel(dropOff.code)} />
      </Box>
      <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
        <Typography component="p" sx={{ fontFamily: 'monospace', fontSize: '1.75rem', fontWeight: 700, letterSpacing: 2 }}>
          {dropOff.code}
        </Typography>
        <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{DROP_OFF_CODE_TEXT.dropAt(dropOff.hubName)}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {dropOff.hubAddress}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {DROP_OFF_CODE_TEXT.validUntil(formatDateTime(dropOff.validUntil))}
        </Typography>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {DROP_OFF_CODE_TEXT.how}
        </Typography>
      </Box>
    </Box>
  );
}

/**
 * Under a label's status on Purchased Labels (issue 23 item 1): where to drop it off and SHOW
 * DROP-OFF CODE (a dialog with the code and its QR code) while the code works; when it expired,
 * what to do instead. Nothing once the parcel is in (the status says 'Dropped off at …') or the
 * label was refunded.
 */
export function DropOffNote({ dropOff }: { dropOff: LabelDropOff | null | undefined }) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const formatDateTime = useFormatDateTime();
  if (!dropOff) return null;
  if (dropOff.state === 'expired') {
    return (
      <Typography variant="caption" color="warning.main">
        {DROP_OFF_CODE_TEXT.expired(formatDateTime(dropOff.validUntil))}
      </Typography>
    );
  }
  if (dropOff.state !== 'waiting' && dropOff.state !== 'opening') return null;
  return (
    <>
      <Typography variant="caption" color="text.secondary">
        {dropOff.state === 'opening' ? DROP_OFF_CODE_TEXT.opening : DROP_OFF_CODE_TEXT.dropAt(dropOff.hubName)}
      </Typography>
      {dropOff.state === 'waiting' && (
        <Button size="small" variant="outlined" onClick={() => setOpen(true)} sx={{ whiteSpace: 'nowrap' }}>
          {DROP_OFF_CODE_TEXT.show}
        </Button>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>{DROP_OFF_CODE_TEXT.title}</DialogTitle>
        <DialogContent>
          <DropOffCodePanel dropOff={dropOff} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>CLOSE</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
