import { shipmentStatus, type ShipmentRow } from '@airbox/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DateTime } from '../../../components/date-time';
import { TextLink } from '../../../components/layout/text-link';
import { StatusChip } from '../../../components/status-chip';
import { paths } from '../../../config/paths';
import { useServiceNames } from '../../../lib/service-names';

/** The newest labels with their status (spec 03 §4 Shipment status shown), and the way to all of them. */
export function RecentShipments({ rows, total }: { rows: ShipmentRow[]; total: number }) {
  const serviceName = useServiceNames();
  if (rows.length === 0) return <Typography color="text.secondary">No labels yet. Compare USPS, UPS and FedEx rates and buy your first one.</Typography>;
  return (
    <>
      <Box component="ul" aria-label="Recent shipments" sx={{ m: 0, p: 0, display: 'grid', gap: 1 }}>
        {rows.map((row) => {
          const status = shipmentStatus(row);
          return (
            <Box
              component="li"
              key={row.shippingIndexID}
              sx={{ listStyle: 'none', display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, py: 1, borderBottom: 1, borderColor: 'divider' }}
            >
              <Box sx={{ flex: '1 1 180px', minWidth: 0 }}>
                <Typography sx={{ fontWeight: 500 }}>
                  {serviceName(row.rateCarrier, row.rateService)}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {row.trackingNum || row.orderNo}
                  {row.toName ? ` · to ${row.toName}` : ''} · <DateTime value={row.createTime} />
                </Typography>
              </Box>
              <StatusChip size="small" status={status} />
            </Box>
          );
        })}
      </Box>
      <Typography variant="body2" sx={{ mt: 1.5 }}>
        <TextLink to={paths.shipments.getHref()}>{total > rows.length ? `All ${total} labels in Purchased Labels` : 'Open Purchased Labels'}</TextLink>
      </Typography>
    </>
  );
}
