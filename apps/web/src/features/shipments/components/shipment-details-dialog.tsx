import {
  SHIPMENT_MESSAGES,
  carrierDisplayName,
  formatPhoneDisplay,
  formatShortDay,
  formatUsd,
  CUSTOMS_CONTENTS_NAMES,
  paymentStatus,
  shipmentStatus,
  toCents,
  type ShipmentDetail,
  type ShipmentRow,
} from '@airbox/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useAlert } from '../../../components/alert/alert-context';
import { InfoDialog, InfoItem, InfoLines, InfoSection } from '../../../components/dialog/info-dialog';
import { packageSize, packageWeight } from '../../../components/table/package-cell';
import { placeLinesOf } from '../../../lib/address-text';
import { useServiceNames } from '../../../lib/service-names';
import { useShipmentDetail } from '../../../lib/shipment-detail';
import { DateTime } from '../../../components/date-time';
import { LABEL_RETURNS_TEXT, LabelQrCodePanel } from './label-returns';

type DetailAddress = ShipmentDetail['from_address'];

function addressLines(address: DetailAddress): string[] {
  // Issue 25 item 3: an address abroad in its country's order, the country last ('Toronto ON M5V 3L9', 'Canada').
  const place = placeLinesOf({ city: address.city, state: address.state, zipcode: address.zip, country: address.country });
  return [address.name, address.company, address.street1, address.street2, ...place, formatPhoneDisplay(address.phone), address.email]
    .map((line) => line.trim())
    .filter(Boolean);
}

function Address({ label, address }: { label: string; address: DetailAddress }) {
  return (
    <InfoItem label={label}>
      <InfoLines lines={addressLines(address)} />
    </InfoItem>
  );
}

const money = (amount: string) => formatUsd(toCents(amount));

/** The carrier's scans, newest first, as a list a screen reader reads in order. */
function TrackingTimeline({ events }: { events: ShipmentDetail['tracker']['trackingDetails'] }) {
  if (events.length === 0) {
    return <Typography variant="body2" color="text.secondary">No tracking events yet.</Typography>;
  }
  const newestFirst = [...events].sort((a, b) => Date.parse(b.datetime) - Date.parse(a.datetime));
  return (
    <Box component="ol" aria-label="Tracking events" sx={{ listStyle: 'none', p: 0, m: 0, borderLeft: 2, borderColor: 'divider', pl: 2 }}>
      {newestFirst.map((event, index) => (
        <Box component="li" key={`${event.datetime}-${index}`} sx={{ '& + &': { mt: 1.5 } }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {event.status.replace(/_/g, ' ')}
          </Typography>
          {event.message && <Typography variant="body2">{event.message}</Typography>}
          <Typography variant="caption" color="text.secondary">
            <DateTime value={event.datetime} />
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function DetailContent({ detail }: { detail: ShipmentDetail }) {
  const serviceName = useServiceNames();
  const { selected_rate: rate, tracker, parcel } = detail;
  const discount = toCents(detail.discount_amount);
  const status = shipmentStatus({ status_flag: detail.status_flag, easypostStatus: tracker.status, refund_status: detail.refund_status });
  return (
    <>
      <InfoSection title="Order">
        <InfoItem label="Order No">{detail.orderNo}</InfoItem>
        <InfoItem label="Status">{status}</InfoItem>
        <InfoItem label="Payment status">{paymentStatus(detail)}</InfoItem>
        <InfoItem label="Refund status">{detail.refund_status.replace(/_/g, ' ')}</InfoItem>
        <InfoItem label="Payment reference">{detail.paymentReference}</InfoItem>
        <InfoItem label="Comments">{detail.comments}</InfoItem>
      </InfoSection>
      <InfoSection title="Addresses">
        <Address label="From" address={detail.from_address} />
        <Address label="To" address={detail.to_address} />
      </InfoSection>
      <InfoSection title="Carrier">
        <InfoItem label="Carrier">{carrierDisplayName(rate.carrier)}</InfoItem>
        <InfoItem label="Service">{rate.service ? serviceName(rate.carrier, rate.service) : ''}</InfoItem>
        <InfoItem label="Delivery days">{rate.deliveryDays === null ? '' : `${rate.deliveryDays} day${rate.deliveryDays === 1 ? '' : 's'}`}</InfoItem>
        {detail.shipDate && <InfoItem label="Ship date">{formatShortDay(detail.shipDate)}</InfoItem>}
        {detail.deliveryDate && <InfoItem label="Estimated delivery">{formatShortDay(detail.deliveryDate)}</InfoItem>}
        <InfoItem label="Tracking code">
          {(tracker.trackingCode || detail.postage_label.trackingCode) && (
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              {tracker.trackingCode || detail.postage_label.trackingCode}
            </Box>
          )}
        </InfoItem>
        {detail.publicTrackingUrl && (
          <InfoItem label="Recipient's tracking page">
            <Link href={detail.publicTrackingUrl} target="_blank" rel="noopener noreferrer">
              Open the tracking page
            </Link>
          </InfoItem>
        )}
      </InfoSection>
      <InfoSection title="Package">
        <InfoItem label={parcel.predefinedPackage ? 'Packaging' : 'Size'}>{packageSize(parcel)}</InfoItem>
        <InfoItem label="Weight">{packageWeight(parcel.weight)}</InfoItem>
      </InfoSection>
      {detail.customs && (
        <InfoSection title="Customs">
          <InfoItem label="Contents">
            {CUSTOMS_CONTENTS_NAMES[detail.customs.contents_type]}
            {detail.customs.contents_explanation ? `: ${detail.customs.contents_explanation}` : ''}
          </InfoItem>
          <InfoItem label="Items">
            <InfoLines
              lines={detail.customs.items.map(
                (item) => `${item.quantity} × ${item.description}, ${formatUsd(Math.round(item.value * 100))}, ${item.weight} oz, HS ${item.hs_tariff_number || 'none'}, made in ${item.origin_country}`,
              )}
            />
          </InfoItem>
          <InfoItem label="EEL/PFC">{detail.customs.eel_pfc}</InfoItem>
          <InfoItem label="Signed by">{detail.customs.customs_signer}</InfoItem>
        </InfoSection>
      )}
      <InfoSection title="Price">
        <InfoItem label="Retail rate">{money(detail.retailRate)}</InfoItem>
        <InfoItem label="Insurance">{money(detail.insurance)}</InfoItem>
        <InfoItem label="Discount">{discount > 0 ? `-${formatUsd(discount)}` : formatUsd(0)}</InfoItem>
        <InfoItem label="Total">
          <strong>{money(detail.TotalPrice)}</strong>
        </InfoItem>
      </InfoSection>
      <Box component="section" sx={{ mt: 3 }}>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1, fontWeight: 600 }}>
          Tracking
        </Typography>
        <TrackingTimeline events={tracker.trackingDetails} />
      </Box>
    </>
  );
}

/**
 * Shipment Order Details (spec 03 §2, §3): addresses, carrier, service and delivery days,
 * tracking with its events, parcel, the price with insurance and discount, payment and refund
 * status. A failed fetch says ' ShipmentID expired' (spec 03 §8) and closes the dialog.
 */
export function ShipmentDetailsDialog({
  row,
  shipAgainHref,
  onClose,
}: {
  row: ShipmentRow | null;
  /** SHIP AGAIN (issue 23 item 5): the label page pre-filled from this label, rated afresh. */
  shipAgainHref?: (row: ShipmentRow) => string;
  onClose: () => void;
}) {
  const alert = useAlert();
  const detail = useShipmentDetail(row ? { shipmentID: row.shipmentID, shippingIndexID: row.shippingIndexID } : null);
  const failed = row !== null && detail.isError;

  useEffect(() => {
    if (!failed) return;
    onClose();
    void alert.show({ icon: 'error', text: SHIPMENT_MESSAGES.shipmentExpired });
  }, [alert, failed, onClose]);

  return (
    <InfoDialog
      open={row !== null && !failed}
      title="Shipment Order Details"
      loading={detail.isPending}
      loadingLabel="Loading the shipment details"
      onClose={onClose}
      actions={
        row && shipAgainHref ? (
          <Button variant="outlined" href={shipAgainHref(row)}>
            SHIP AGAIN
          </Button>
        ) : undefined
      }
    >
      {detail.data && <DetailContent detail={detail.data.data} />}
      {row?.returnOf && (
        <Typography variant="body2" sx={{ mt: 2 }}>
          {LABEL_RETURNS_TEXT.returnOf(row.returnOf)}
        </Typography>
      )}
      {detail.data && row?.qrCode && row.status_flag === '1' && (
        <Box component="section" aria-label={LABEL_RETURNS_TEXT.qrTitle} sx={{ mt: 2 }}>
          <Typography variant="subtitle2" component="h3" gutterBottom>
            {LABEL_RETURNS_TEXT.qrTitle}
          </Typography>
          <LabelQrCodePanel row={row} />
        </Box>
      )}
    </InfoDialog>
  );
}
