import { formatUsd, toCents, type LabelBatchSummary } from '@airbox/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { DateTime } from '../../../components/date-time';
import { paths } from '../../../config/paths';
import { BATCH_STATE_NAMES, BATCH_TEXT } from '../utils/batch-text';

const STATE_COLORS: Record<LabelBatchSummary['state'], 'default' | 'info' | 'success' | 'warning'> = {
  draft: 'default',
  rating: 'info',
  rated: 'info',
  paying: 'warning',
  buying: 'info',
  finished: 'success',
};

/** What a batch holds, in one line: its rows, what was bought and refused, and its total. */
export function batchSummaryLine(batch: LabelBatchSummary): string {
  const parts = [`${batch.counts.rows} ${batch.counts.rows === 1 ? 'row' : 'rows'}`];
  if (batch.counts.bought > 0) parts.push(`${batch.counts.bought} bought`);
  if (batch.counts.failed > 0) parts.push(`${batch.counts.failed} refused`);
  if (batch.counts.invalid > 0 && batch.paidAt === '') parts.push(`${batch.counts.invalid} with errors`);
  if (batch.total !== '0.00') parts.push(`${batch.paidAt ? 'paid' : 'total'} ${formatUsd(toCents(batch.total))}`);
  if (batch.refunded !== '0.00') parts.push(`refunded ${formatUsd(toCents(batch.refunded))}`);
  return parts.join(' · ');
}

/** The customer's batches, newest first, each opened by OPEN. */
export function BatchList({ batches, loading }: { batches: readonly LabelBatchSummary[]; loading: boolean }) {
  return (
    <Box component="section" aria-labelledby="label-batches-list-heading" sx={{ mt: 3 }}>
      <Typography id="label-batches-list-heading" variant="h3" component="h3" sx={{ fontSize: '1.1rem', fontWeight: 600, mb: 1 }}>
        {BATCH_TEXT.list}
      </Typography>
      {!loading && batches.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {BATCH_TEXT.noBatches}
        </Typography>
      )}
      {batches.length > 0 && (
        <List aria-labelledby="label-batches-list-heading" disablePadding sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
          {batches.map((batch) => (
            <ListItem key={batch.id} divider sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
              <Box sx={{ flex: '1 1 16rem', minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  Batch #{batch.id}
                  {batch.fileName ? ` · ${batch.fileName}` : ' · pasted cells'}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  <DateTime value={batch.createTime} /> · {batchSummaryLine(batch)}
                </Typography>
              </Box>
              <Chip size="small" label={BATCH_STATE_NAMES[batch.state]} color={STATE_COLORS[batch.state]} />
              <Button size="small" variant="outlined" component={RouterLink} to={paths.labelBatches.getHref(batch.id)} aria-label={`${BATCH_TEXT.open}, batch ${batch.id}`}>
                {BATCH_TEXT.open}
              </Button>
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}

export { STATE_COLORS as BATCH_STATE_COLORS };
