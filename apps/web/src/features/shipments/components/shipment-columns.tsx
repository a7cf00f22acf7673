import { carrierDisplayName, formatUsd, toCents, totalPrice, type ShipmentRow } from '@airbox/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { DateTime } from '../../../components/date-time';
import { AddressCell } from '../../../components/table/address-cell';
import { CardParties } from '../../../components/table/card-parties';
import { PackageCell, packageSize, packageWeight } from '../../../components/table/package-cell';
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

function Carrier({ row, serviceName }: { row: ShipmentRow; serviceName: ServiceName }) {
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {carrierDisplayName(row.rateCarrier)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {serviceName(row.rateCarrier, row.rateService)}
      </Typography>
    </>
  );
}

/** A tracking number is one word: it never breaks across lines. */
const Tracking = ({ row }: { row: ShipmentRow }) => (
  <Box component="span" sx={{ whiteSpace: 'nowrap', fontFamily: 'monospace', fontSize: '0.8125rem' }}>
    {row.trackingNum}
  </Box>
);

const from = (row: ShipmentRow) => <AddressCell name={row.fromName} lines={[row.fromAddress1, row.fromAddress2]} phone={row.fromPhone} />;
const to = (row: ShipmentRow) => <AddressCell name={row.toName} lines={[row.toAddress1, row.toAddress2]} phone={row.toPhone} />;

/**
 * The columns of Purchased Labels (spec 03 §2, §3): the status early, where a laptop's screen
 * shows it before the table scrolls sideways; the actions last and always in sight.
 */
export function shipmentColumns(serviceName: ServiceName, actions: (row: ShipmentRow) => ReactNode): Column<ShipmentRow>[] {
  return [
    { header: 'Order No', cell: (row) => row.orderNo, sx: { fontWeight: 600, whiteSpace: 'nowrap' } },
    { header: 'Date Created', cell: (row) => <DateTime value={row.createTime} /> },
    { header: 'Status', cell: (row) => <ShipmentStatus row={row} /> },
    { header: 'Carrier', cell: (row) => <Carrier row={row} serviceName={serviceName} />, sx: { minWidth: 120 } },
    { header: 'Tracking Number', cell: (row) => <Tracking row={row} /> },
    { header: 'From', cell: from, sx: { minWidth: 170 } },
    { header: 'To', cell: to, sx: { minWidth: 170 } },
    { header: 'Package', cell: (row) => <PackageCell {...row} /> },
    { header: 'Total', align: 'right', cell: (row) => <Total row={row} /> },
    { header: 'Comments', cell: (row) => row.comments, sx: { minWidth: 140, maxWidth: 220, overflowWrap: 'anywhere' } },
    { header: 'Actions', cell: actions, sticky: true },
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
