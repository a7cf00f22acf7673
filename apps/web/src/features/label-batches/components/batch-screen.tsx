import { LABEL_BATCH_ERRORCODE, MESSAGES, type BatchCells, type LabelBatch, type LabelBatchRow } from '@airbox/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useState, type ComponentType } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useAlert } from '../../../components/alert/alert-context';
import { useToast } from '../../../components/toast/toast-context';
import { DateTime } from '../../../components/date-time';
import { paths } from '../../../config/paths';
import { addressName } from '../../../lib/address-text';
import { ApiError, answerMessage } from '../../../lib/http';
import { useLabelFormat } from '../../../lib/label-format';
import { paymentPage } from '../../../lib/leave-for-payment';
import { useServiceNames } from '../../../lib/service-names';
import { useDeleteLabelBatch } from '../api/delete-label-batch';
import { useDeleteLabelBatchRow } from '../api/delete-label-batch-row';
import { useDownloadLabelBatchLabels } from '../api/download-label-batch-labels';
import { useDownloadLabelBatchTracking } from '../api/download-label-batch-tracking';
import { useLabelBatch } from '../api/get-label-batch';
import { usePayLabelBatch } from '../api/pay-label-batch';
import { useRateLabelBatch } from '../api/rate-label-batch';
import { useUpdateLabelBatchRow } from '../api/update-label-batch-row';
import { BATCH_STATE_NAMES, BATCH_TEXT, rowCounts } from '../utils/batch-text';
import { BATCH_STATE_COLORS, batchSummaryLine } from './batch-list';
import { BatchProgress } from './batch-progress';
import { BatchRating, type BatchRuleChoice } from './batch-rating';
import { BatchRowDialog } from './batch-row-dialog';
import { BatchRows } from './batch-rows';

/** What the route hands the screen for a finished batch's labels (features never import each other). */
export interface BatchLabelActionsProps {
  userId: number;
  /** The batch's bought USPS labels (their shippingdetails_id). */
  shipmentIds: readonly number[];
}

const EDITABLE: readonly LabelBatch['state'][] = ['draft', 'rated', 'paying'];

/** Rows to fix first: those with errors at the top, each keeping its number. */
const withErrorsFirst = (rows: readonly LabelBatchRow[]) => [...rows.filter((row) => row.errors.length > 0), ...rows.filter((row) => row.errors.length === 0)];

/** The USPS labels a finished batch bought: what one scan form or one pickup can take. */
export const uspsLabelsOf = (batch: LabelBatch) =>
  batch.rows.flatMap((row) => (row.state === 'bought' && row.rate?.carrier === 'USPS' && row.shippingIndexID !== null ? [row.shippingIndexID] : []));

/**
 * One batch at /ShipmentParent/batches?batch=ID (issue 25 item 1): its rows with their errors,
 * fixed or deleted in place; the rule, the rating and the one total; PAY; the labels bought with
 * their progress; the files. Every state has its next action.
 */
export function BatchScreen({ userId, id, labelActions: LabelActions }: { userId: number; id: number; labelActions?: ComponentType<BatchLabelActionsProps> }) {
  const alert = useAlert();
  const toast = useToast();
  const navigate = useNavigate();
  const serviceName = useServiceNames();
  const labelFormat = useLabelFormat().format;
  const query = useLabelBatch(id);
  const updateRow = useUpdateLabelBatchRow();
  const deleteRow = useDeleteLabelBatchRow();
  const rate = useRateLabelBatch();
  const pay = usePayLabelBatch();
  const deleteBatch = useDeleteLabelBatch();
  const downloadLabels = useDownloadLabelBatchLabels();
  const downloadTracking = useDownloadLabelBatchTracking();
  const [editing, setEditing] = useState<LabelBatchRow | null>(null);
  const [rateRefusal, setRateRefusal] = useState<string | null>(null);

  const failed = (error: unknown) => void alert.show({ icon: 'error', text: answerMessage(error) ?? MESSAGES.serviceException });

  if (query.isPending) return <LinearProgress aria-label="Loading the batch" />;
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.errorcode === LABEL_BATCH_ERRORCODE.notFound;
    return (
      <Alert
        severity={missing ? 'warning' : 'error'}
        action={
          missing ? (
            <Button color="inherit" size="small" component={RouterLink} to={paths.labelBatches.getHref()}>
              {BATCH_TEXT.allBatches}
            </Button>
          ) : (
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              TRY AGAIN
            </Button>
          )
        }
      >
        {missing ? BATCH_TEXT.notFound : MESSAGES.serviceException}
      </Alert>
    );
  }
  const batch = query.data;
  const editable = EDITABLE.includes(batch.state);
  const counts = rowCounts(batch.rows);
  const paid = batch.state === 'buying' || batch.state === 'finished';

  const saveRow = async (cells: BatchCells) => {
    if (!editing) return;
    try {
      const { data } = await updateRow.mutateAsync({ batchId: batch.id, row: editing.row, cells });
      const after = data.rows.find((row) => row.row === editing.row);
      // Still wrong (a cell only the server checks, a duplicate): the dialog stays open with what it said.
      if (after && after.errors.length > 0) setEditing(after);
      else {
        setEditing(null);
        toast.show(`Row ${editing.row} is saved.`);
      }
    } catch (error) {
      failed(error);
    }
  };
  const removeRow = async (row: LabelBatchRow) => {
    if (!(await alert.confirm({ icon: 'question', text: BATCH_TEXT.deleteQuestion(row.row) }))) return;
    try {
      await deleteRow.mutateAsync({ batchId: batch.id, row: row.row });
      toast.show(`Row ${row.row} is deleted.`);
    } catch (error) {
      failed(error);
    }
  };
  const rateAll = async (choice: BatchRuleChoice) => {
    setRateRefusal(null);
    try {
      await rate.mutateAsync({ id: batch.id, rule: choice.rule, ...(choice.rule === 'service' ? { carrier: choice.carrier, service: choice.service } : {}) });
    } catch (error) {
      // A refusal the server words (the hour's carrier-call budget used up, 429; rows with errors) is said
      // beside RATE ALL, as the label page's Rates step says it; nothing changed, so the batch stays as shown.
      const message = answerMessage(error);
      if (message !== null) setRateRefusal(message);
      else failed(error);
    }
  };
  const payOnce = async () => {
    try {
      const { redirectURL } = await pay.mutateAsync(batch.id);
      paymentPage.leaveFor(redirectURL);
    } catch (error) {
      if (error instanceof ApiError && error.errorcode === LABEL_BATCH_ERRORCODE.expired) {
        void alert.show({ icon: 'warning', text: error.message });
        void query.refetch();
        return;
      }
      // A payment that did not start: the one dialog every payment screen shows, TRY AGAIN or CLOSE.
      if (await alert.retry({ title: 'Oops...', text: answerMessage(error) ?? MESSAGES.serviceException })) void payOnce();
    }
  };
  const removeBatch = async () => {
    if (!(await alert.confirm({ icon: 'question', text: BATCH_TEXT.deleteBatchQuestion }))) return;
    try {
      await deleteBatch.mutateAsync(batch.id);
      toast.show(`Batch #${batch.id} is deleted.`);
      void navigate(paths.labelBatches.getHref());
    } catch (error) {
      failed(error);
    }
  };
  const saveLabels = async () => {
    try {
      await downloadLabels.mutateAsync({ id: batch.id, format: labelFormat });
    } catch (error) {
      failed(error);
    }
  };
  const saveTracking = async () => {
    try {
      await downloadTracking.mutateAsync(batch.id);
    } catch (error) {
      failed(error);
    }
  };
  const usps = uspsLabelsOf(batch);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography variant="h3" component="h3" sx={{ fontSize: '1.2rem', fontWeight: 600, overflowWrap: 'anywhere', mr: 'auto' }}>
          Batch #{batch.id}
          {batch.fileName ? ` · ${batch.fileName}` : ''}
        </Typography>
        <Chip label={BATCH_STATE_NAMES[batch.state]} color={BATCH_STATE_COLORS[batch.state]} />
      </Box>
      <Typography variant="body2" color="text.secondary">
        <DateTime value={batch.createTime} /> · ships {batch.shipDate} from {addressName(batch.from)}, {batch.from.city} {batch.from.state} · {batchSummaryLine(batch)}
      </Typography>
      {!paid && (
        <Box role="status" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} aria-label="Rows ready and with errors">
          <Chip variant="outlined" color="success" label={BATCH_TEXT.ready(counts.ready)} />
          <Chip variant="outlined" color={counts.withErrors > 0 ? 'error' : 'default'} label={BATCH_TEXT.withErrors(counts.withErrors)} />
        </Box>
      )}
      {!paid && batch.rows.length > 0 && (
        <BatchRating
          key={`${batch.rule}-${batch.ruleCarrier}-${batch.ruleService}-${batch.services.length}`}
          batch={batch}
          withErrors={counts.withErrors}
          serviceName={serviceName}
          rating={rate.isPending}
          refusal={rateRefusal}
          paying={pay.isPending}
          onRate={(choice) => void rateAll(choice)}
          onPay={() => void payOnce()}
        />
      )}
      {paid && (
        <BatchProgress
          batch={batch}
          downloading={downloadLabels.isPending || downloadTracking.isPending}
          onDownloadLabels={() => void saveLabels()}
          onDownloadTracking={() => void saveTracking()}
          labelActions={
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              {LabelActions && usps.length > 0 && <LabelActions userId={userId} shipmentIds={usps} />}
              <Button component={RouterLink} to={paths.shipments.getHref()} size="small">
                {BATCH_TEXT.purchasedLabels}
              </Button>
            </Box>
          }
        />
      )}
      <BatchRows rows={paid ? batch.rows : withErrorsFirst(batch.rows)} editable={editable} serviceName={serviceName} onEdit={setEditing} onDelete={(row) => void removeRow(row)} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button component={RouterLink} to={paths.labelBatches.getHref()} variant="outlined">
          {BATCH_TEXT.allBatches}
        </Button>
        {!paid && batch.state !== 'rating' && (
          <Button color="error" onClick={() => void removeBatch()} disabled={deleteBatch.isPending}>
            {BATCH_TEXT.deleteBatch}
          </Button>
        )}
      </Box>
      <BatchRowDialog row={editing} busy={updateRow.isPending} onSave={(cells) => void saveRow(cells)} onCancel={() => setEditing(null)} />
    </Box>
  );
}
