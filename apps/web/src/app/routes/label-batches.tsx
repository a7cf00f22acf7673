import { MESSAGES, SCAN_FORM_MESSAGES, type ShipmentRow } from '@airbox/contract';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { Suspense, lazy, useState } from 'react';
import { useOutletContext } from 'react-router';
import { useAlert } from '../../components/alert/alert-context';
import { useToast } from '../../components/toast/toast-context';
import type { BatchLabelActionsProps } from '../../features/label-batches/components/batch-screen';
import { LabelBatches } from '../../features/label-batches/components/label-batches';
import { useCreateScanForm } from '../../features/shipments/api/create-scan-form';
import { FIRST_SHIPMENTS_PAGE, getShipments } from '../../features/shipments/api/get-shipments';
import { SELECTED_LABELS_TEXT } from '../../features/shipments/components/selected-labels-bar';
import { answerMessage } from '../../lib/http';
import type { PickupRequest } from '../../lib/pickup-request';
import type { SessionHints } from '../../lib/session';

// The pickup wizard loads when a pickup is first opened, as on Purchased Labels.
const PickupScreens = lazy(async () => ({ default: (await import('../../features/pickups/components/pickup-screens')).PickupScreens }));

/** Purchased Labels' rows of these labels (the wizard for several labels lists them), read from the newest pages. */
async function labelRows(userId: number, shipmentIds: readonly number[]): Promise<ShipmentRow[]> {
  const wanted = new Set(shipmentIds);
  const found: ShipmentRow[] = [];
  const PAGE = 50;
  for (let start = 0; start < 1_000 && found.length < wanted.size; start += PAGE) {
    const { data } = await getShipments(userId, { ...FIRST_SHIPMENTS_PAGE, start, num: PAGE });
    found.push(...data.list.filter((row) => wanted.has(row.shippingdetails_id)));
    if (start + PAGE >= data.total) break;
  }
  return found;
}

/**
 * A finished batch's USPS labels (issue 25 item 2 on a batch): one end-of-day scan form and one
 * USPS pickup for all of them, with the Purchased Labels' call, words and pickup wizard for
 * several labels (features/shipments and features/pickups, composed here: features never import
 * each other).
 */
function BatchLabelActions({ userId, shipmentIds }: BatchLabelActionsProps) {
  const alert = useAlert();
  const toast = useToast();
  const createScanForm = useCreateScanForm();
  const [pickup, setPickup] = useState<{ id: number; request: PickupRequest } | null>(null);
  const [finding, setFinding] = useState(false);
  const count = shipmentIds.length;
  const failed = (error: unknown) => void alert.show({ icon: 'error', text: answerMessage(error) ?? MESSAGES.serviceException });

  const makeScanForm = async () => {
    if (!(await alert.confirm({ icon: 'question', title: SELECTED_LABELS_TEXT.createScanForm, text: SELECTED_LABELS_TEXT.scanFormQuestion(count) }))) return;
    try {
      const made = await createScanForm.mutateAsync([...shipmentIds]);
      toast.show(SCAN_FORM_MESSAGES.created(made.data.labels.length));
    } catch (error) {
      failed(error);
    }
  };
  const schedulePickup = async () => {
    setFinding(true);
    try {
      const rows = await labelRows(userId, shipmentIds);
      setPickup((open) => ({ id: (open?.id ?? 0) + 1, request: { kind: 'uspsLabels', rows } }));
    } catch (error) {
      failed(error);
    } finally {
      setFinding(false);
    }
  };

  return (
    <>
      <Typography variant="body2" sx={{ flex: '1 1 100%' }}>
        {count} USPS {count === 1 ? 'label' : 'labels'} in this batch: one scan form USPS scans once, and one pickup for all of them.
      </Typography>
      <Button variant="outlined" size="small" disabled={createScanForm.isPending} onClick={() => void makeScanForm()}>
        {SELECTED_LABELS_TEXT.createScanForm}
      </Button>
      <Button variant="outlined" size="small" disabled={finding} onClick={() => void schedulePickup()}>
        {SELECTED_LABELS_TEXT.schedulePickup}
      </Button>
      {pickup && (
        <Suspense fallback={<LinearProgress aria-label="Loading the pickup" sx={{ flex: '1 1 100%' }} />}>
          <PickupScreens key={pickup.id} userId={userId} request={pickup.request} onClose={() => setPickup(null)} onChanged={() => undefined} />
        </Suspense>
      )}
    </>
  );
}

/** /ShipmentParent/batches, Label Batches (issue 25 item 1): the feature, with its finished batches' scan form and pickup. */
export function LabelBatchesRoute() {
  return <LabelBatches userId={useOutletContext<SessionHints>().userId} labelActions={BatchLabelActions} />;
}
