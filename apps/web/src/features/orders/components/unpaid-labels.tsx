import { formatUsd, toCents, type UnpaidLabel } from '@airbox/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useAlert } from '../../../components/alert/alert-context';
import { DateTime } from '../../../components/date-time';
import { AddressCell } from '../../../components/table/address-cell';
import { DataTable } from '../../../components/table/data-table';
import { RowActions, type RowAction } from '../../../components/table/row-actions';
import { useToast } from '../../../components/toast/toast-context';
import type { Column } from '../../../components/table/types';
import { placeLinesOf } from '../../../lib/address-text';
import { answerMessage } from '../../../lib/http';
import { labelPurchaseHref } from '../../../lib/label-purchase';
import { useServiceNames } from '../../../lib/service-names';
import type { SessionHints } from '../../../lib/session';
import { useDeleteUnpaidLabel } from '../api/delete-unpaid-label';
import { useUnpaidLabels } from '../api/get-unpaid-labels';

/** What the list of unpaid labels says (the spec has no unpaid labels apart from Purchased Labels). */
export const UNPAID_LABEL_TEXT = {
  heading: 'Unpaid labels',
  explanation: 'You chose these labels and left the payment unfinished, so nothing was charged. Pay to buy one, or delete it.',
  confirming: 'PayPal is confirming the payment',
  deleteQuestion: 'Delete this unpaid label? Nothing was charged for it.',
  deleted: 'The unpaid label was deleted.',
} as const;

type ServiceName = (carrier: string, service: string) => string;

const recipientOf = ({ to }: UnpaidLabel) => `${to.firstName} ${to.lastName}`.trim() || to.company;

/** How a label is named to assistive technology: its order number. */
const labelName = (label: UnpaidLabel) => `order ${label.orderNo}`;

/** The carrier's service named once, led by the carrier ('UPS 2nd Day Air'). */
const Service = ({ label, serviceName }: { label: UnpaidLabel; serviceName: ServiceName }) => (
  <Typography variant="body2" sx={{ fontWeight: 600 }}>
    {serviceName(label.rate.carrier, label.rate.service)}
  </Typography>
);

function Recipient({ label }: { label: UnpaidLabel }) {
  const { to } = label;
  return <AddressCell name={recipientOf(label)} lines={[to.address1, ...placeLinesOf(to)]} phone={to.phone} />;
}

const Total = ({ label }: { label: UnpaidLabel }) => (
  <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
    {formatUsd(toCents(label.total))}
  </Typography>
);

function columns(serviceName: ServiceName, actions: (label: UnpaidLabel) => ReactNode): Column<UnpaidLabel>[] {
  return [
    { header: 'Date Created', cell: (label) => <DateTime value={label.createTime} /> },
    { header: 'Order No', cell: (label) => label.orderNo, sx: { fontWeight: 600, whiteSpace: 'nowrap' } },
    { header: 'Service', cell: (label) => <Service label={label} serviceName={serviceName} /> },
    { header: 'Recipient', cell: (label) => <Recipient label={label} />, sx: { minWidth: 180 } },
    { header: 'Total', align: 'right', cell: (label) => <Total label={label} /> },
    { header: 'Actions', cell: actions },
  ];
}

/** An unpaid label on a phone: order and total, service, recipient, then the actions. */
function UnpaidCard({ label, serviceName, actions }: { label: UnpaidLabel; serviceName: ServiceName; actions: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.25 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }}>Order {label.orderNo}</Typography>
          <Typography variant="body2" color="text.secondary">
            <DateTime value={label.createTime} />
          </Typography>
        </Box>
        <Total label={label} />
      </Box>
      <Box>
        <Service label={label} serviceName={serviceName} />
      </Box>
      <Recipient label={label} />
      {actions}
    </Box>
  );
}

/**
 * The customer's unpaid labels (getUnpaidLabels: sent to PayPal, not paid), apart from Purchased
 * Labels: PAY opens the label page at its Review step, everything as chosen; DELETE, after a
 * question, deletes it. One whose payment PayPal is confirming offers neither. Nothing shows when
 * there are none.
 */
export function UnpaidLabels({ session }: { session: SessionHints }) {
  const { userId } = session;
  const headingId = useId();
  const alert = useAlert();
  const toast = useToast();
  const serviceName = useServiceNames();
  const labels = useUnpaidLabels(userId);
  const remove = useDeleteUnpaidLabel(userId);
  const rows = labels.data?.data ?? [];
  if (rows.length === 0) return null;

  const confirmDelete = async (label: UnpaidLabel) => {
    const confirmed = await alert.confirm({ icon: 'warning', text: UNPAID_LABEL_TEXT.deleteQuestion });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(label.id);
      toast.show(UNPAID_LABEL_TEXT.deleted);
    } catch (error) {
      const message = answerMessage(error);
      if (message) void alert.show({ icon: 'error', text: message });
    }
  };

  const actionsOf = (label: UnpaidLabel, layout: 'column' | 'row') =>
    label.payment === 'confirming' ? (
      <Typography variant="body2" color="text.secondary">
        {UNPAID_LABEL_TEXT.confirming}
      </Typography>
    ) : (
      <RowActions
        layout={layout}
        rowName={labelName(label)}
        actions={
          [
            { label: 'PAY', href: labelPurchaseHref({ boxId: session.boxId, userId, unpaidLabelId: label.id }) },
            { label: 'DELETE', color: 'error', disabled: remove.isPending, onClick: () => void confirmDelete(label) },
          ] satisfies RowAction[]
        }
      />
    );

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 4 }}>
      <Typography id={headingId} variant="h2" component="h2" sx={{ fontSize: '1.1rem' }}>
        {UNPAID_LABEL_TEXT.heading}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 1.5 }}>
        {UNPAID_LABEL_TEXT.explanation}
      </Typography>
      <DataTable
        label={UNPAID_LABEL_TEXT.heading}
        columns={columns(serviceName, (label) => actionsOf(label, 'column'))}
        rows={rows}
        rowKey={(label) => label.id}
        card={(label) => <UnpaidCard label={label} serviceName={serviceName} actions={actionsOf(label, 'row')} />}
        empty=""
        loading={labels.isPending}
        minWidth={760}
      />
    </Box>
  );
}
