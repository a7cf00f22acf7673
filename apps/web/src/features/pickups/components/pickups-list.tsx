import { PAGINATION, PICKUP_MESSAGES, carrierDisplayName, formatUsd, toCents, type PickupListItem, type PickupState } from '@airbox/contract';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useAlert } from '../../../components/alert/alert-context';
import { AddressCell } from '../../../components/table/address-cell';
import { DataTable } from '../../../components/table/data-table';
import { offsetPager, type OffsetPage } from '../../../components/table/table-pager';
import { RowActions, type RowAction } from '../../../components/table/row-actions';
import type { Column } from '../../../components/table/types';
import { useToast } from '../../../components/toast/toast-context';
import { answerMessage } from '../../../lib/http';
import { useCancelPickup } from '../api/cancel-pickup';
import { useUserPickups } from '../api/get-user-pickups';
import { pickupDateLabel, pickupWindowText } from '../utils/format';
import { PICKUP_STATUS_TEXT, PICKUP_TEXT } from '../utils/messages';
import { CarrierPickupDetailsDialog } from './carrier-pickup-details-dialog';
import { PickupOrderDetailsDialog } from './pickup-order-details-dialog';

const STATUS_COLOR: Record<PickupState, NonNullable<ChipProps['color']>> = {
  scheduled: 'success',
  booking: 'info',
  paying: 'info',
  quoted: 'warning',
  failed: 'error',
  canceled: 'default',
};

function PickupStatusChip({ status }: { status: PickupState }) {
  return <Chip size="small" color={STATUS_COLOR[status]} label={PICKUP_STATUS_TEXT[status] ?? status} />;
}

const isUsps = (pickup: PickupListItem) => carrierDisplayName(pickup.carrier) === 'USPS';

/** When the carrier comes: USPS on its round that day, the others within their window, in the address's time. */
function When({ pickup }: { pickup: PickupListItem }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      {pickup.min_datetime ? (
        <Typography variant="body2">{pickupWindowText(pickup.min_datetime, pickup.max_datetime, pickup.timeZone)}</Typography>
      ) : (
        <>
          <Typography variant="body2">{pickupDateLabel(pickup.pickupDate)}</Typography>
          <Typography variant="body2" color="text.secondary">
            {PICKUP_TEXT.onItsRound}
          </Typography>
        </>
      )}
      {pickup.confirmation && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {`Confirmation ${pickup.confirmation}`}
        </Typography>
      )}
    </Box>
  );
}

/** The carrier, then a USPS pickup's services (its labels') or what a paid pickup cost. */
function Carrier({ pickup }: { pickup: PickupListItem }) {
  const detail = isUsps(pickup) ? pickup.service : pickup.price && `Paid ${formatUsd(toCents(pickup.price))}`;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {carrierDisplayName(pickup.carrier)}
      </Typography>
      {detail && (
        <Typography variant="body2" color="text.secondary">
          {detail}
        </Typography>
      )}
    </Box>
  );
}

function Place({ pickup }: { pickup: PickupListItem }) {
  const { address } = pickup;
  const cityLine = [address.city, [address.state, address.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return <AddressCell name={address.name} company={address.company} lines={[address.street1, address.street2, cityLine]} phone="" />;
}

/** The labels a pickup is for: each order number, with how many when there are several. */
function Labels({ pickup }: { pickup: PickupListItem }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      {pickup.labels.length > 1 && (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {`${pickup.labels.length} labels`}
        </Typography>
      )}
      {pickup.labels.map((label) => (
        <Typography key={label.shippingdetails_id} variant="body2" color={pickup.labels.length > 1 ? 'text.secondary' : undefined} sx={{ overflowWrap: 'anywhere' }}>
          {`Order ${label.orderNo}`}
        </Typography>
      ))}
    </Box>
  );
}

/** How a pickup is named to assistive technology: its carrier and day. */
const pickupName = (pickup: PickupListItem) => `${carrierDisplayName(pickup.carrier)} pickup on ${pickupDateLabel(pickup.pickupDate)}`;

/**
 * The Pickups list (issue 21 item 14), for My Shipments' Pickups tab: every carrier pickup of the
 * customer, upcoming first (getUserPickups), with its carrier, day or window, address, the labels
 * it is for (a USPS pickup may be for several), its status and what can be done: DETAILS (the
 * pickup's details dialog), CHANGE (a USPS pickup's day, package location or instructions) and
 * CANCEL (asked first; all of a USPS pickup for several labels; a paid one is not refunded).
 */
export function PickupsList() {
  const alert = useAlert();
  const toast = useToast();
  const [paging, setPaging] = useState<OffsetPage>({ start: 0, num: PAGINATION.pageSize });
  const pickups = useUserPickups(paging);
  const cancel = useCancelPickup();
  const [open, setOpen] = useState<{ pickup: PickupListItem; changing: boolean } | null>(null);
  const rows = pickups.data?.data.list ?? [];

  async function askCancel(pickup: PickupListItem) {
    const confirmed = await alert.show({
      icon: 'warning',
      title: 'Cancel pickup',
      text: pickup.price ? PICKUP_TEXT.cancelPickupQuestionPaid : PICKUP_TEXT.cancelWholeQuestion(pickup.labels.length),
      confirmText: 'CANCEL PICKUP',
      cancelText: 'KEEP IT',
    });
    if (!confirmed) return;
    try {
      await cancel.mutateAsync({ shippingdetails_id: pickup.labels[0]?.shippingdetails_id ?? 0, wholePickup: true });
      toast.show(PICKUP_TEXT.cancelled);
    } catch (error) {
      void alert.show({ icon: 'error', text: answerMessage(error) || PICKUP_MESSAGES.serviceException });
    }
  }

  const actionsOf = (pickup: PickupListItem): RowAction[] => [
    { label: 'DETAILS', onClick: () => setOpen({ pickup, changing: false }) },
    ...(pickup.canChange ? [{ label: 'CHANGE', onClick: () => setOpen({ pickup, changing: true }) }] : []),
    ...(pickup.canCancel ? [{ label: 'CANCEL', color: 'error' as const, disabled: cancel.isPending, onClick: () => void askCancel(pickup) }] : []),
  ];

  const columns: Column<PickupListItem>[] = [
    { header: 'Carrier', cell: (pickup) => <Carrier pickup={pickup} />, sx: { width: 140 } },
    { header: 'Pickup day', cell: (pickup) => <When pickup={pickup} />, sx: { minWidth: 200 } },
    { header: 'Address', cell: (pickup) => <Place pickup={pickup} />, sx: { minWidth: 180 } },
    { header: 'Labels', cell: (pickup) => <Labels pickup={pickup} />, sx: { minWidth: 150 } },
    { header: 'Status', cell: (pickup) => <PickupStatusChip status={pickup.status} /> },
    { header: 'Actions', cell: (pickup) => <RowActions actions={actionsOf(pickup)} rowName={pickupName(pickup)} />, sticky: true },
  ];

  const first = open?.pickup.labels[0];
  return (
    <>
      <DataTable
        label={PICKUP_TEXT.listTitle}
        columns={columns}
        rows={rows}
        rowKey={(pickup) => pickup.id}
        card={(pickup) => (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.25 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
              <Carrier pickup={pickup} />
              <PickupStatusChip status={pickup.status} />
            </Box>
            <When pickup={pickup} />
            <Place pickup={pickup} />
            <Labels pickup={pickup} />
            {pickup.note && (
              <Typography variant="body2" color="warning.main">
                {pickup.note}
              </Typography>
            )}
            <RowActions actions={actionsOf(pickup)} rowName={pickupName(pickup)} layout="row" />
          </Box>
        )}
        empty={PICKUP_TEXT.listEmpty}
        loading={pickups.isPending}
        minWidth={900}
        cardsBelow="md"
        pager={offsetPager(paging, pickups.data?.data.total ?? 0, PAGINATION.pageSizeOptions, setPaging)}
      />
      {open && first && isUsps(open.pickup) && (
        <CarrierPickupDetailsDialog
          shippingdetailsId={first.shippingdetails_id}
          row={null}
          successful={false}
          startChanging={open.changing}
          onClose={() => setOpen(null)}
          // The list reloads itself: every pickup change invalidates it.
          onChanged={() => undefined}
          onSchedule={() => setOpen(null)}
        />
      )}
      {open && first && !isUsps(open.pickup) && (
        <PickupOrderDetailsDialog
          pickup={{ pickupId: first.pickupId, carrier: open.pickup.carrier, shippingdetails_id: first.shippingdetails_id }}
          onClose={() => setOpen(null)}
          onChanged={() => undefined}
        />
      )}
    </>
  );
}
