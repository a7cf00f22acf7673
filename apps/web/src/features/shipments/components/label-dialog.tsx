import { LABEL_FORMAT_INFO, LABEL_FORMATS, type LabelFormatId, type ShipmentRow } from '@airbox/contract';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { InfoDialog } from '../../../components/dialog/info-dialog';
import { answerMessage } from '../../../lib/http';
import { useLabelFormat } from '../../../lib/label-format';
import { useShippingLabel } from '../api/get-shipping-label';

/** Said in place of the label when it cannot be shown. */
export const LABEL_UNAVAILABLE = 'The label cannot be shown right now. Try again, or download the PDF.';

/** What the download button says for a format: DOWNLOAD PDF (the spec's words for the 4×6 PDF), PNG, ZPL. */
export const downloadLabelText = (format: LabelFormatId) => `DOWNLOAD ${LABEL_FORMAT_INFO[format].extension.toUpperCase()}`;

/**
 * Shipment Label Details (spec 03 §2): the 4x6 label as an image (getShippingLabel's base64 PNG),
 * PRINT (the browser's print dialog for it) and DOWNLOAD, in the format chosen here for this
 * label: the customer's label format from My Profile (issue 23 item 4) until another is picked.
 */
export function LabelDialog({
  row,
  otherLabels = [],
  downloading,
  onDownload,
  onPrint,
  onClose,
}: {
  row: ShipmentRow | null;
  /** The other labels at hand (the list's page) that may share an 8.5×11 sheet with this one. */
  otherLabels?: ShipmentRow[];
  downloading: boolean;
  /** `also`: the label for the bottom half of an 8.5×11 sheet. */
  onDownload: (row: ShipmentRow, format: LabelFormatId, also?: ShipmentRow) => void;
  onPrint: (row: ShipmentRow, format: LabelFormatId) => void;
  onClose: () => void;
}) {
  const label = useShippingLabel(row?.labelURL || null);
  const preferred = useLabelFormat();
  // This label's own choice, forgotten when the dialog closes.
  const [picked, setPicked] = useState<{ row: number; format: LabelFormatId } | null>(null);
  const format = picked && row && picked.row === row.shippingIndexID ? picked.format : preferred.format;
  // The label sharing its 8.5×11 sheet, by shippingIndexID (0: the bottom half left blank), for this label only.
  const [paired, setPaired] = useState<{ row: number; with: number } | null>(null);
  const partners = row ? otherLabels.filter((other) => other.shippingIndexID !== row.shippingIndexID && other.shipmentID) : [];
  const partnerId = paired && row && paired.row === row.shippingIndexID ? paired.with : 0;
  const partner = format === 'pdf-letter' ? partners.find((other) => other.shippingIndexID === partnerId) : undefined;
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
            <Button variant="outlined" startIcon={<PrintOutlined />} disabled={!label.data} onClick={() => onPrint(row, format)}>
              PRINT
            </Button>
            <Button variant="contained" startIcon={<DownloadOutlined />} disabled={downloading || !row.shipmentID} onClick={() => onDownload(row, format, partner)}>
              {downloadLabelText(format)}
            </Button>
          </>
        )
      }
    >
      {row && (
        <TextField
          select
          fullWidth
          size="small"
          label="Label format"
          value={format}
          onChange={(event) => setPicked({ row: row.shippingIndexID, format: event.target.value as LabelFormatId })}
          helperText={format === 'zpl' ? 'ZPL is for thermal printers: PRINT saves the file for your printer’s own tool.' : LABEL_FORMAT_INFO[format].hint}
          sx={{ mt: 1, mb: 2 }}
        >
          {LABEL_FORMATS.map((choice) => (
            <MenuItem key={choice} value={choice}>
              {LABEL_FORMAT_INFO[choice].name}
            </MenuItem>
          ))}
        </TextField>
      )}
      {row && format === 'pdf-letter' && partners.length > 0 && (
        <TextField
          select
          fullWidth
          size="small"
          label="Bottom half of the sheet"
          value={partner ? String(partner.shippingIndexID) : '0'}
          onChange={(event) => setPaired({ row: row.shippingIndexID, with: Number(event.target.value) })}
          helperText="DOWNLOAD PDF puts this label in the top half and the one chosen here below it."
          sx={{ mb: 2 }}
        >
          <MenuItem value="0">Leave it blank</MenuItem>
          {partners.map((other) => (
            <MenuItem key={other.shippingIndexID} value={String(other.shippingIndexID)}>
              Order {other.orderNo}
              {other.toName ? ` · to ${other.toName}` : ''}
            </MenuItem>
          ))}
        </TextField>
      )}
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
