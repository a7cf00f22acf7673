import { formatUsd, toCents, totalPrice, type ShipmentRow } from '@airbox/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { DateTime } from '../../../components/date-time';
import { AddressCell } from '../../../components/table/address-cell';
import { CardParties } from '../../../components/table/card-parties';
import { packageSize, packageWeight } from '../../../components/table/package-cell';
import type { Column } from '../../../components/table/types';
import { ShipmentStatus } from './shipment-status';

export type ServiceName = (carrier: string, service: string) => string;

/** What a row's total says: TotalPrice (retail rate + insurance - charge price), and the insurance in it. */
function Total({ row }: { row: ShipmentRow }) {
  const insurance = toCents(row.insurance);
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {formatUsd(toCents(row.TotalPrice || totalPrice(row)))}
      </Typography>
      {insurance > 0 && (
        <Typography variant="caption" color="text.secondary">
          incl. {formatUsd(insurance)} insurance
        </Typography>
      )}
    </Box>
  );
}

/** The carrier's service named once, led by the carrier ('UPS Ground'). */
const Carrier = ({ row, serviceName }: { row: ShipmentRow; serviceName: ServiceName }) => (
  <Typography variant="body2" sx={{ fontWeight: 600 }}>
    {serviceName(row.rateCarrier, row.rateService)}
  </Typography>
);

/** A tracking number is one word: it never breaks across lines. */
const Tracking = ({ row }: { row: ShipmentRow }) => (
  <Box component="span" sx={{ display: 'block', whiteSpace: 'nowrap', fontFamily: 'monospace', fontSize: '0.75rem', color: 'text.secondary' }}>
    {row.trackingNum}
  </Box>
);

/** A row's comments in at most two lines (the whole text stays for screen readers and in EDIT COMMENTS). */
const Comments = ({ row }: { row: ShipmentRow }) =>
  row.comments ? (
    <Typography
      variant="caption"
      color="text.secondary"
      sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere', fontStyle: 'italic' }}
    >
      {row.comments}
    </Typography>
  ) : null;

/** The order number, then when the label was made. */
const Order = ({ row }: { row: ShipmentRow }) => (
  <>
    <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
      {row.orderNo}
    </Typography>
    <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
      <DateTime value={row.createTime} />
    </Typography>
  </>
);

/** Who the parcel goes to and where; the comments under them. The full addresses are in DETAILS. */
const ShipTo = ({ row }: { row: ShipmentRow }) => (
  <>
    <Typography variant="body2" sx={{ fontWeight: 600 }}>
      {row.toName}
    </Typography>
    <Typography variant="body2" color="text.secondary">
      {row.toAddress2}
    </Typography>
    <Comments row={row} />
  </>
);

const from = (row: ShipmentRow) => <AddressCell name={row.fromName} lines={[row.fromAddress1, row.fromAddress2]} phone={row.fromPhone} />;
const to = (row: ShipmentRow) => <AddressCell name={row.toName} lines={[row.toAddress1, row.toAddress2]} phone={row.toPhone} />;

/**
 * The columns of Purchased Labels (spec 03 §2, §3) in one line or two a label, fitting a laptop's
 * screen without scrolling sideways (issue 21): the order and its date, the status, the carrier
 * and service over the tracking number, the recipient and their city over the comments, the total,
 * then the actions (the main one at hand, the others in the row's menu). The sender, phones and
 * parcel are in DETAILS.
 */
export function shipmentColumns(serviceName: ServiceName, actions: (row: ShipmentRow) => ReactNode): Column<ShipmentRow>[] {
  return [
    { header: 'Order', cell: (row) => <Order row={row} /> },
    { header: 'Status', cell: (row) => <ShipmentStatus row={row} /> },
    {
      header: 'Carrier',
      cell: (row) => (
        <>
          <Carrier row={row} serviceName={serviceName} />
          <Tracking row={row} />
        </>
      ),
    },
    { header: 'Ship To', cell: (row) => <ShipTo row={row} />, sx: { minWidth: 120 } },
    { header: 'Total', align: 'right', cell: (row) => <Total row={row} /> },
    { header: 'Actions', align: 'right', cell: actions, sx: { whiteSpace: 'nowrap', width: '1%' } },
  ];
}

/** A label on a phone: order, carrier and status first, then the addresses, parcel, price, comments and actions. */
export function ShipmentCard({ row, serviceName, actions }: { row: ShipmentRow; serviceName: ServiceName; actions: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.25 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }}>Order {row.orderNo}</Typography>
          <Typography variant="body2" color="text.secondary">
            <DateTime value={row.createTime} />
          </Typography>
        </Box>
        <Total row={row} />
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}>
        <Box>
          <Carrier row={row} serviceName={serviceName} />
          <Tracking row={row} />
        </Box>
        <ShipmentStatus row={row} />
      </Box>
      <CardParties fromCaption="From" from={from(row)} toCaption="To" to={to(row)} />
      <Typography variant="body2">
        {packageSize(row)} · {packageWeight(row.weight)}
      </Typography>
      {row.comments && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {row.comments}
        </Typography>
      )}
      {actions}
    </Box>
  );
}
