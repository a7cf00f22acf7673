import { PAGINATION, SHIPMENT_MESSAGES, type SavedOrder } from '@airbox/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useAlert } from '../../../components/alert/alert-context';
import { useToast } from '../../../components/toast/toast-context';
import { DateTime } from '../../../components/date-time';
import { AddressCell } from '../../../components/table/address-cell';
import { CardParties } from '../../../components/table/card-parties';
import { DataTable } from '../../../components/table/data-table';
import { PackageCell, packageSize, packageWeight } from '../../../components/table/package-cell';
import { RowActions, type RowAction } from '../../../components/table/row-actions';
import type { Column } from '../../../components/table/types';
import { placeLinesOf } from '../../../lib/address-text';
import { answerMessage } from '../../../lib/http';
import { labelPurchaseHref } from '../../../lib/label-purchase';
import type { SessionHints } from '../../../lib/session';
import { useFormatDateTime } from '../../../lib/user';
import { useDeleteOrder } from '../api/delete-order';
import { useOrders } from '../api/get-orders';
import { useUnpaidLabels } from '../api/get-unpaid-labels';
import { UnpaidLabels } from './unpaid-labels';

type Side = 'from' | 'to';

const personName = (order: SavedOrder, side: Side) => `${order[`${side}firstname`]} ${order[`${side}lastname`]}`.trim();

function Party({ order, side }: { order: SavedOrder; side: Side }) {
  // Issue 25 item 3: an address abroad in its country's order.
  const place = placeLinesOf({ city: order[`${side}city`], state: order[`${side}state`], zipcode: order[`${side}zipcode`], country: order[`${side}country`] });
  return (
    <AddressCell
      name={personName(order, side)}
      company={order[`${side}company`]}
      lines={[order[`${side}address1`], order[`${side}address2`], ...place]}
      phone={order[`${side}phone`]}
    />
  );
}

/** How an order is named to assistive technology: who it goes to and when it was started. */
const orderName = (order: SavedOrder, format: (value: string) => string) =>
  `order to ${personName(order, 'to') || order.tocompany || 'a recipient'} of ${format(order.createtime)}`;

/**
 * The toast after a deletion: the spec's text ('success', spec 03 §7 deleteOrderForLater) kept
 * word for word, then which order is gone, so it reads as what happened.
 */
export const orderDeleted = (order: SavedOrder, format: (value: string) => string) => `success: the ${orderName(order, format)} was deleted.`;

function orderColumns(actions: (order: SavedOrder) => ReactNode): Column<SavedOrder>[] {
  return [
    { header: 'Date Created', cell: (order) => <DateTime value={order.createtime} /> },
    { header: 'Package', cell: (order) => <PackageCell {...order} /> },
    { header: 'Sender', cell: (order) => <Party order={order} side="from" />, sx: { minWidth: 180 } },
    { header: 'Recipient', cell: (order) => <Party order={order} side="to" />, sx: { minWidth: 180 } },
    { header: 'Comments', cell: (order) => order.comments, sx: { minWidth: 140, maxWidth: 240, overflowWrap: 'anywhere' } },
    { header: 'Actions', cell: actions, sticky: true },
  ];
}

/** An order on a phone: date and parcel, sender and recipient, comments, then the actions. */
function OrderCard({ order, actions }: { order: SavedOrder; actions: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.25 }}>
      <Box>
        <Typography sx={{ fontWeight: 600 }}>
          <DateTime value={order.createtime} />
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {packageSize(order)} · {packageWeight(order.weight)}
        </Typography>
      </Box>
      <CardParties fromCaption="Sender" from={<Party order={order} side="from" />} toCaption="Recipient" to={<Party order={order} side="to" />} />
      {order.comments && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {order.comments}
        </Typography>
      )}
      {actions}
    </Box>
  );
}

/** The saved orders' heading, shown when the unpaid labels are listed above them. */
export const SAVED_ORDERS_HEADING = 'Saved for later';

/**
 * /ShipmentParent/MyOrder, Orders In Progress (spec 03 §2, §4, §7): the unpaid labels, when there
 * are any (UnpaidLabels), then the labels saved for later, CONTINUE PURCHASE (the label-purchase
 * page with the order's id) and DELETE after a confirmation. The server answers every order at
 * once; the table pages them here.
 */
export function OrdersInProgress({ session }: { session: SessionHints }) {
  const { userId } = session;
  const alert = useAlert();
  const toast = useToast();
  const format = useFormatDateTime();
  const orders = useOrders(userId);
  const unpaidCount = useUnpaidLabels(userId).data?.data.length ?? 0;
  const remove = useDeleteOrder(userId);
  const [page, setPage] = useState<{ page: number; num: number }>({ page: 0, num: PAGINATION.pageSize });

  const all = orders.data?.data ?? [];
  // The page shown may be past the end after a delete: the last page that has orders.
  const lastPage = Math.max(0, Math.ceil(all.length / page.num) - 1);
  const shownPage = Math.min(page.page, lastPage);
  const rows = all.slice(shownPage * page.num, (shownPage + 1) * page.num);

  const confirmDelete = async (order: SavedOrder) => {
    const confirmed = await alert.confirm({ icon: 'warning', text: SHIPMENT_MESSAGES.deleteOrderQuestion });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(order.id);
      toast.show(orderDeleted(order, format));
    } catch (error) {
      const message = answerMessage(error);
      if (message) void alert.show({ icon: 'error', text: message });
    }
  };

  const actionsOf = (order: SavedOrder): RowAction[] => [
    { label: 'CONTINUE PURCHASE', href: labelPurchaseHref({ boxId: session.boxId, userId, OrderId: order.id }) },
    { label: 'DELETE', color: 'error', disabled: remove.isPending, onClick: () => void confirmDelete(order) },
  ];

  return (
    <>
      <UnpaidLabels session={session} />
      {unpaidCount > 0 && (
        <Typography variant="h2" component="h2" sx={{ fontSize: '1.1rem', mb: 1.5 }}>
          {SAVED_ORDERS_HEADING}
        </Typography>
      )}
      <DataTable
        label="Orders In Progress"
        columns={orderColumns((order) => <RowActions actions={actionsOf(order)} rowName={orderName(order, format)} />)}
        rows={rows}
        rowKey={(order) => order.id}
        card={(order) => <OrderCard order={order} actions={<RowActions actions={actionsOf(order)} rowName={orderName(order, format)} layout="row" />} />}
        empty={SHIPMENT_MESSAGES.noOrders}
        loading={orders.isPending}
        minWidth={960}
        pager={{
          count: all.length,
          page: shownPage,
          rowsPerPage: page.num,
          rowsPerPageOptions: PAGINATION.pageSizeOptions,
          onPageChange: (next) => setPage({ ...page, page: next }),
          onRowsPerPageChange: (num) => setPage({ page: 0, num }),
        }}
      />
    </>
  );
}
