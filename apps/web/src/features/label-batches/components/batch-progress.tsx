import type { LabelBatch } from '@airbox/contract';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { BATCH_TEXT, reasonOf } from '../utils/batch-text';
import { JobProgress } from './batch-rating';

/**
 * A paid batch (issue 25 item 1): the labels bought one by one (the progress read again until it
 * is finished, kept per row so a reload finds it), the rows the carrier refused with why and their
 * refund, then the labels in one file and the tracking CSV; `labelActions` (one scan form, one
 * pickup for its USPS labels) once finished.
 */
export function BatchProgress({
  batch,
  downloading,
  onDownloadLabels,
  onDownloadTracking,
  labelActions,
}: {
  batch: LabelBatch;
  downloading: boolean;
  onDownloadLabels: () => void;
  onDownloadTracking: () => void;
  labelActions?: ReactNode;
}) {
  const refused = batch.rows.filter((row) => row.state === 'failed');
  const finished = batch.state === 'finished';
  return (
    <Box component="section" aria-label="Labels of the batch" sx={{ display: 'flex', flexDirection: 'column', gap: 2, p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      {finished ? (
        <Typography variant="body1" sx={{ fontWeight: 600 }} role="status">
          {BATCH_TEXT.finished(batch.counts.bought, batch.progress.total)}
        </Typography>
      ) : (
        <JobProgress label={BATCH_TEXT.buying(batch.progress.done, batch.progress.total)} done={batch.progress.done} total={batch.progress.total} />
      )}
      <Typography variant="body2">
        {BATCH_TEXT.paid(batch.total)}
        {batch.refunded !== '0.00' && `, ${BATCH_TEXT.refundedTotal(batch.refunded)}`}
      </Typography>
      {refused.length > 0 && (
        <Box>
          <Typography id="batch-refused-heading" variant="subtitle2" component="h3">
            {BATCH_TEXT.refusedTitle}
          </Typography>
          <List dense aria-labelledby="batch-refused-heading">
            {refused.map((row) => (
              <ListItem key={row.row} disableGutters sx={{ display: 'block' }}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  Row {row.row} ({row.cells.name || row.cells.company}): {reasonOf(row.note)}
                  {row.refund === 'refunded' ? ` · ${BATCH_TEXT.refundedRow(row.refundAmount)}` : row.refund === 'pending' ? ` · ${BATCH_TEXT.refundPending(row.refundAmount)}` : ''}
                </Typography>
              </ListItem>
            ))}
          </List>
        </Box>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {finished && batch.counts.bought > 0 && (
          <Button variant="contained" startIcon={<DownloadOutlined />} disabled={downloading} onClick={onDownloadLabels}>
            {BATCH_TEXT.downloadLabels}
          </Button>
        )}
        <Button variant="outlined" startIcon={<DownloadOutlined />} disabled={downloading} onClick={onDownloadTracking}>
          {BATCH_TEXT.downloadTracking}
        </Button>
      </Box>
      {finished && labelActions}
    </Box>
  );
}
