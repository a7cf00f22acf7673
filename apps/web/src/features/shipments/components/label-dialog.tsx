import { type ShipmentRow } from '@airbox/contract';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { InfoDialog } from '../../../components/dialog/info-dialog';
import { answerMessage } from '../../../lib/http';
import { useShippingLabel } from '../api/get-shipping-label';

/** Said in place of the label when it cannot be shown. */
export const LABEL_UNAVAILABLE = 'The label cannot be shown right now. Try again, or download the PDF.';

/**
 * Shipment Label Details (spec 03 §2): the 4x6 label as an image (getShippingLabel's base64 PNG),
 * PRINT (the browser's print dialog for it) and DOWNLOAD PDF, which saves label-ORDERNO.pdf.
 */
export function LabelDialog({
  row,
  downloading,
  onDownload,
  onPrint,
  onClose,
}: {
  row: ShipmentRow | null;
  downloading: boolean;
  onDownload: (row: ShipmentRow) => void;
  onPrint: (row: ShipmentRow) => void;
  onClose: () => void;
}) {
  const label = useShippingLabel(row?.labelURL || null);
  const missing = row !== null && !row.labelURL;
  return (
    <InfoDialog
      open={row !== null}
      title="Shipment Label Details"
      loading={!missing && label.isPending}
      loadingLabel="Loading the shipping label"
      onClose={onClose}
      maxWidth="xs"
      actions={
        row && (
          <>
            <Button variant="outlined" startIcon={<PrintOutlined />} disabled={!label.data} onClick={() => onPrint(row)}>
              PRINT
            </Button>
            <Button variant="contained" startIcon={<DownloadOutlined />} disabled={downloading || !row.shipmentID} onClick={() => onDownload(row)}>
              DOWNLOAD PDF
            </Button>
          </>
        )
      }
    >
      {row && label.data ? (
        <Box
          component="img"
          src={`data:image/png;base64,${label.data.data}`}
          alt={`Shipping label of order ${row.orderNo}${row.trackingNum ? `, tracking number ${row.trackingNum}` : ''}`}
          sx={{ display: 'block', width: '100%', maxWidth: 384, mx: 'auto', border: 1, borderColor: 'divider' }}
        />
      ) : (
        <Alert severity="error">{answerMessage(label.error) ?? LABEL_UNAVAILABLE}</Alert>
      )}
    </InfoDialog>
  );
}
