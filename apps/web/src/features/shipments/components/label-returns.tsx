import type { ShipmentRow } from '@airbox/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { FormDialog } from '../../../components/dialog/form-dialog';
import { FormCheckbox } from '../../../components/form/form-checkbox';
import { FormField } from '../../../components/form/form-field';
import { answerMessage } from '../../../lib/http';
import { useLabelQrCode } from '../api/get-label-qr-code';

/**
 * QR-code labels and return labels on Purchased Labels (issue 23 items 2 and 3): a QR-code label's
 * QR code (its row's SHOW QR CODE, and Shipment Order Details), a return label's note saying
 * which order it returns, and SEND RETURN LABEL's dialog.
 */
export const LABEL_RETURNS_TEXT = {
  qrNote: 'No printer needed: QR code for the Post Office counter',
  showQr: 'SHOW QR CODE',
  qrTitle: 'QR code to show at the counter',
  qrHow: 'Show this QR code at a Post Office counter (on your phone or printed): they scan it, print the label and take the parcel.',
  qrAlt: (orderNo: string, tracking: string) => `QR code of the label of order ${orderNo}${tracking ? `, tracking number ${tracking}` : ''}, to show at the Post Office counter`,
  qrUnavailable: 'The QR code cannot be shown right now. Try again in a moment, or print the label.',
  returnOf: (orderNo: string) => `Return of ${orderNo}`,
  sendTitle: 'Send return label',
  sendDescription: (orderNo: string) =>
    `E-mail return label ${orderNo} to the person who will send the parcel back: the 4×6 PDF is attached, and its QR code when it has one.`,
  email: 'Their e-mail address',
  copyMe: 'Send me a copy',
} as const;

/** The QR code of a QR-code label, with what to do with it. */
export function LabelQrCodePanel({ row }: { row: ShipmentRow }) {
  const qr = useLabelQrCode(row.shippingIndexID);
  if (qr.isPending) return <CircularProgress aria-label="Loading the QR code" size={32} />;
  const data = qr.data?.data;
  if (!data) return <Alert severity="error">{answerMessage(qr.error) ?? LABEL_RETURNS_TEXT.qrUnavailable}</Alert>;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5 }}>
      <Box
        component="img"
        src={`data:image/png;base64,${data}`}
        alt={LABEL_RETURNS_TEXT.qrAlt(row.orderNo, row.trackingNum)}
        sx={{ display: 'block', width: 220, maxWidth: '100%', height: 'auto', imageRendering: 'pixelated', border: 1, borderColor: 'divider' }}
      />
      <Typography variant="body2" sx={{ maxWidth: 360 }}>
        {LABEL_RETURNS_TEXT.qrHow}
      </Typography>
    </Box>
  );
}

/** A row's notes: which order a return label returns, and a QR-code label's SHOW QR CODE with its dialog. */
export function LabelReturnNotes({ row }: { row: ShipmentRow }) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const bought = row.status_flag === '1';
  return (
    <>
      {row.returnOf && (
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {LABEL_RETURNS_TEXT.returnOf(row.returnOf)}
        </Typography>
      )}
      {bought && row.qrCode && (
        <>
          <Button
            size="small"
            variant="outlined"
            onClick={() => setOpen(true)}
            sx={{ whiteSpace: 'nowrap' }}
            aria-label={`${LABEL_RETURNS_TEXT.showQr} of order ${row.orderNo}`}
            title={LABEL_RETURNS_TEXT.qrNote}
          >
            {LABEL_RETURNS_TEXT.showQr}
          </Button>
          <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} fullWidth maxWidth="xs">
            <DialogTitle id={titleId}>{LABEL_RETURNS_TEXT.qrTitle}</DialogTitle>
            <DialogContent>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                {`Order ${row.orderNo}. ${LABEL_RETURNS_TEXT.qrNote}.`}
              </Typography>
              {open && <LabelQrCodePanel row={row} />}
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setOpen(false)}>CLOSE</Button>
            </DialogActions>
          </Dialog>
        </>
      )}
    </>
  );
}

/** SEND RETURN LABEL: the address of the person who will use it, and whether to copy the customer. */
export function SendReturnLabelDialog({
  row,
  busy,
  onSend,
  onCancel,
}: {
  row: ShipmentRow | null;
  busy: boolean;
  onSend: (values: { email: string; copyMe: boolean }) => void;
  onCancel: () => void;
}) {
  return (
    <FormDialog
      open={row !== null}
      title={LABEL_RETURNS_TEXT.sendTitle}
      description={row ? LABEL_RETURNS_TEXT.sendDescription(row.orderNo) : undefined}
      schema="sendReturnLabelFormSchema"
      defaultValues={{ email: '', copyMe: false }}
      onSubmit={(values) => onSend({ email: values.email, copyMe: values.copyMe })}
      onCancel={onCancel}
      busy={busy}
    >
      <FormField name="email" label={LABEL_RETURNS_TEXT.email} type="email" autoComplete="email" />
      <FormCheckbox name="copyMe" label={LABEL_RETURNS_TEXT.copyMe} />
    </FormDialog>
  );
}

