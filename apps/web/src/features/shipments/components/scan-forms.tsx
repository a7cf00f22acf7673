import { type ScanForm } from '@airbox/contract';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useAlert } from '../../../components/alert/alert-context';
import { answerMessage } from '../../../lib/http';
import { useDownloadScanForm } from '../api/download-scan-form';
import { useScanForms } from '../api/get-scan-forms';

export const SCAN_FORMS_TEXT = {
  title: 'Scan forms',
  empty: 'No scan forms yet. CHOOSE USPS LABELS above, tick them, then CREATE SCAN FORM: USPS scans one sheet for all of them.',
  name: (id: number) => `Scan form #${id}`,
  summary: (form: ScanForm) => `Ship date ${form.shipDate} · ${form.labels.length} ${form.labels.length === 1 ? 'label' : 'labels'} · from ${form.fromAddress}`,
  status: { creating: 'Being made', created: 'Ready', failed: 'Not made' } as Record<ScanForm['status'], string>,
  download: 'DOWNLOAD',
} as const;

const FIRST_PAGE = { start: 0, num: 10 } as const;

/**
 * The customer's end-of-day scan forms under Purchased Labels (issue 25 item 2), newest first:
 * each with its ship date, its labels and sender, whether it is ready, and its PDF to print.
 */
export function ScanForms() {
  const forms = useScanForms(FIRST_PAGE);
  const downloadForm = useDownloadScanForm();
  const alert = useAlert();
  const list = forms.data?.data.list ?? [];

  const save = async (id: number) => {
    try {
      await downloadForm.mutateAsync(id);
    } catch (error) {
      const message = answerMessage(error);
      if (message) void alert.show({ icon: 'error', text: message });
    }
  };

  return (
    <Box component="section" aria-labelledby="scan-forms-heading" sx={{ mt: 3 }}>
      <Typography id="scan-forms-heading" variant="h3" component="h3" sx={{ fontSize: '1.1rem', fontWeight: 600, mb: 1 }}>
        {SCAN_FORMS_TEXT.title}
      </Typography>
      {!forms.isPending && list.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {SCAN_FORMS_TEXT.empty}
        </Typography>
      )}
      {list.length > 0 && (
        <List aria-labelledby="scan-forms-heading" disablePadding sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
          {list.map((form) => (
            <ListItem key={form.id} divider sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
              <Box sx={{ flex: '1 1 16rem', minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {SCAN_FORMS_TEXT.name(form.id)}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {SCAN_FORMS_TEXT.summary(form)}
                </Typography>
                {form.labels.length > 0 && (
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {form.labels.map((label) => `${label.orderNo}${label.refunded ? ' (refunded)' : ''}`).join(', ')}
                  </Typography>
                )}
                {form.note && (
                  <Typography variant="body2" color={form.status === 'failed' ? 'error' : 'text.secondary'}>
                    {form.note}
                  </Typography>
                )}
              </Box>
              <Chip size="small" label={SCAN_FORMS_TEXT.status[form.status]} color={form.status === 'created' ? 'success' : form.status === 'failed' ? 'error' : 'info'} />
              {form.status !== 'failed' && (
                <Button
                  size="small"
                  variant="outlined"
                  startIcon={<DownloadOutlined />}
                  disabled={downloadForm.isPending}
                  aria-label={`${SCAN_FORMS_TEXT.download} ${SCAN_FORMS_TEXT.name(form.id)}`}
                  onClick={() => void save(form.id)}
                >
                  {SCAN_FORMS_TEXT.download}
                </Button>
              )}
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
