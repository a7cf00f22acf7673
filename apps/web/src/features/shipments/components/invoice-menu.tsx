import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';

export interface InvoiceChoice {
  anchor: HTMLElement;
  orderNo: string;
  invoiceUrl: string;
}

/** Only a web address is opened: anything else (javascript:, data:) is not a place to view an invoice. */
export function safeInvoiceUrl(invoiceUrl: string): string | null {
  try {
    const url = new URL(invoiceUrl, window.location.origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The invoice of a label, once getInvoice says it exists: VIEW INVOICE opens it in a new tab,
 * DOWNLOAD PDF saves invoice-ORDERNO.pdf.
 */
export function InvoiceMenu({ choice, onDownload, onClose }: { choice: InvoiceChoice | null; onDownload: () => void; onClose: () => void }) {
  const url = choice ? safeInvoiceUrl(choice.invoiceUrl) : null;
  return (
    <Menu anchorEl={choice?.anchor} open={choice !== null} onClose={onClose} slotProps={{ list: { 'aria-label': `Invoice of order ${choice?.orderNo ?? ''}` } }}>
      {url && (
        <MenuItem component="a" href={url} target="_blank" rel="noopener noreferrer" onClick={onClose}>
          <ListItemIcon>
            <OpenInNew fontSize="small" />
          </ListItemIcon>
          <ListItemText>VIEW INVOICE</ListItemText>
        </MenuItem>
      )}
      <MenuItem
        onClick={() => {
          onClose();
          onDownload();
        }}
      >
        <ListItemIcon>
          <DownloadOutlined fontSize="small" />
        </ListItemIcon>
        <ListItemText>DOWNLOAD PDF</ListItemText>
      </MenuItem>
    </Menu>
  );
}
