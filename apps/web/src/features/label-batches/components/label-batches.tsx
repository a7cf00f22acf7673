import type { ComponentType } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { useLabelBatches } from '../api/get-label-batches';
import { BatchList } from './batch-list';
import { BatchScreen, type BatchLabelActionsProps } from './batch-screen';
import { NewBatch } from './new-batch';

/** The customer's batches, read when the list shows. */
function YourBatches() {
  const batches = useLabelBatches();
  return <BatchList batches={batches.data?.data ?? []} loading={batches.isPending} />;
}

/** `?batch=` as a batch id, or null. */
function batchParam(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/**
 * Label Batches (issue 25 item 1), /ShipmentParent/batches: a new batch from a spreadsheet and the
 * customer's batches; with `?batch=ID` that batch (its rows, rating, payment, progress and files),
 * so a reload, a bookmark or the payment's return finds it where it is.
 */
export function LabelBatches({ userId, labelActions }: { userId: number; labelActions?: ComponentType<BatchLabelActionsProps> }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = batchParam(params.get('batch'));
  if (id !== null) return <BatchScreen key={id} userId={userId} id={id} labelActions={labelActions} />;
  return (
    <>
      <NewBatch userId={userId} onUploaded={(uploaded) => void navigate(paths.labelBatches.getHref(uploaded))} />
      <YourBatches />
    </>
  );
}
