import { PICKUP_MESSAGES, STATUS_FLAG, type ShipmentRow } from '@airbox/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAlert } from '../../../components/alert/alert-context';
import { useToast } from '../../../components/toast/toast-context';
import type { PickupRequest, PickupScreensProps } from '../../../lib/pickup-request';
import { pickupRoute } from '../utils/draft';
import { CarrierPickupDetailsDialog } from './carrier-pickup-details-dialog';
import { DropoffChoicesDialog } from './dropoff-choices-dialog';
import { PickupOrderDetailsDialog } from './pickup-order-details-dialog';
import { PickupWizard } from './pickup-wizard';

type Screen =
  | { kind: 'wizard'; row: ShipmentRow; labels?: readonly ShipmentRow[] }
  | { kind: 'dropoff'; row: ShipmentRow }
  | { kind: 'paidDetails'; row: ShipmentRow }
  | { kind: 'uspsDetails'; shippingdetailsId: number; row: ShipmentRow | null; successful: boolean }
  | { kind: 'none' };

function firstScreen(request: PickupRequest): Screen {
  switch (request.kind) {
    case 'schedule':
      // A link's `jump` to a UPS label: its drop-off choices, as its row offers them.
      return pickupRoute(request.row) === 'ups' ? { kind: 'dropoff', row: request.row } : { kind: 'wizard', row: request.row };
    case 'dropoff':
      return { kind: 'dropoff', row: request.row };
    case 'details':
      return pickupRoute(request.row) === 'usps'
        ? { kind: 'uspsDetails', shippingdetailsId: request.row.shippingdetails_id, row: request.row, successful: false }
        : { kind: 'paidDetails', row: request.row };
    case 'uspsDetails':
      return { kind: 'uspsDetails', shippingdetailsId: request.shippingdetailsId, row: request.row, successful: true };
    case 'uspsLabels':
      return request.rows[0] ? { kind: 'wizard', row: request.rows[0], labels: request.rows } : { kind: 'none' };
    case 'result':
      return { kind: 'none' };
  }
}

/**
 * The pickup screens over Purchased Labels (spec 03 §2, §4 Pickup flow), one request at a time:
 * the wizard (a UPS label's drop-off choices instead, under 'Door-to-door pickup is currently not
 * available for this carrier!'), the details dialogs, and the result of a paid pickup's payment ('Your carrier pickup
 * was successful!'; ours, still being booked, not paid or cancelled; 'SCHEDULE PICKUP FAILED' when
 * it was not booked, the label saying why). SCHEDULE NEW PICKUP and a USPS inquiry's code -1 lead from the details to the wizard.
 */
export function PickupScreens({ userId, request, onClose, onChanged }: PickupScreensProps) {
  const alert = useAlert();
  const toast = useToast();
  const [screen, setScreen] = useState<Screen>(() => firstScreen(request));

  // Requests that only say something, said once (StrictMode runs effects twice).
  const said = useRef(false);
  useEffect(() => {
    if (said.current) return;
    if (request.kind === 'result') {
      said.current = true;
      const { message } = request;
      // A failed booking is the dialog; a success, or a pickup being booked, not paid or cancelled (a
      // notice that needs no answer, not a failure of the booking itself), is a toast.
      if (message === PICKUP_MESSAGES.notBooked) void alert.show({ icon: 'error', title: PICKUP_MESSAGES.failed, text: message });
      else toast.show(message, message === PICKUP_MESSAGES.successful ? 'success' : 'info');
      // The row shows the pickup (or why it failed) as it is now.
      onChanged();
      onClose();
    }
  }, [alert, toast, onChanged, onClose, request]);

  const openWizard = useCallback((row: ShipmentRow | null) => (row ? setScreen({ kind: 'wizard', row }) : onClose()), [onClose]);

  switch (screen.kind) {
    case 'dropoff':
      return <DropoffChoicesDialog userId={userId} row={screen.row} onClose={onClose} />;
    case 'wizard':
      return <PickupWizard userId={userId} row={screen.row} labels={screen.labels} onClose={onClose} onChanged={onChanged} />;
    case 'paidDetails':
      return (
        <PickupOrderDetailsDialog
          pickup={{ pickupId: screen.row.pickupId, carrier: screen.row.rateCarrier, shippingdetails_id: screen.row.shippingdetails_id }}
          onClose={onClose}
          onChanged={onChanged}
          // As the actions matrix allows SCHEDULE PICKUP: a label not yet in the carrier's hands.
          onSchedule={screen.row.status_flag === STATUS_FLAG.labelCreated && screen.row.easypostStatus === '' ? () => openWizard(screen.row) : undefined}
        />
      );
    case 'uspsDetails':
      return (
        <CarrierPickupDetailsDialog
          shippingdetailsId={screen.shippingdetailsId}
          row={screen.row}
          successful={screen.successful}
          onClose={onClose}
          onChanged={onChanged}
          onSchedule={() => openWizard(screen.row)}
        />
      );
    case 'none':
      return null;
  }
}
