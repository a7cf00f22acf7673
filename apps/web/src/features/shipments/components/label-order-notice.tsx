import { STATUS_FLAG, shipmentStatus, type ShipmentRow } from '@airbox/contract';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LABEL_ORDER_KEY, purchasePending, useLabelOrder } from '../api/get-label-order';
import { getShipmentsQueryOptions } from '../api/get-shipments';
import { DropOffCodePanel } from './drop-off-code';

export const LABEL_ORDER_TEXT = {
  ready: (orderNo: string) => `Your label for order ${orderNo} is ready.`,
  readyForDropOff: (orderNo: string, hub: string) => `Your label for order ${orderNo} is ready: drop the parcel off at ${hub} with this code. No need to print the label.`,
  buying: (orderNo: string) => `Order ${orderNo}: your label is being bought. This note changes as soon as it is ready.`,
  notFound: (orderNo: string) => `Order ${orderNo} is not among your labels.`,
  status: (orderNo: string, status: string) => `Order ${orderNo}: ${status}.`,
} as const;

/**
 * A note's room on a phone: its buttons wrap under the text rather than squeeze it, and an order
 * number (one long word) breaks rather than being cut at the edge.
 */
const NOTICE_SX = {
  mb: 2,
  flexWrap: 'wrap',
  '& .MuiAlert-message': { flex: '1 1 12rem', overflowWrap: 'anywhere' },
  '& .MuiAlert-action': { ml: 'auto' },
} as const;

/**
 * After a label payment the list opens with `labelOrder` (spec 03 §2 query parameters): how that
 * order's purchase ended. Bought: a success note with PRINT LABEL (the browser's print dialog) and
 * VIEW SHIPMENT LABEL; failed: the row's
 * purchaseNote; still being bought: a note that updates by itself.
 */
export function LabelOrderNotice({
  userId,
  orderNo,
  onViewLabel,
  onPrint,
  onClose,
}: {
  userId: number;
  orderNo: string;
  onViewLabel: (row: ShipmentRow) => void;
  onPrint: (row: ShipmentRow) => void;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const order = useLabelOrder(userId, orderNo);
  const row = order.data ?? undefined;
  const pending = purchasePending(row);

  // Once the label is bought (or the purchase failed) the list shows the row as it is now.
  const settled = row && !pending ? `${row.status_flag}:${row.purchaseNote}` : null;
  useEffect(() => {
    if (settled === null) return;
    void queryClient.invalidateQueries({
      queryKey: getShipmentsQueryOptions(userId).queryKey,
      predicate: (query) => !query.queryKey.includes(LABEL_ORDER_KEY),
    });
  }, [settled, queryClient, userId]);

  if (order.isPending || order.isError) return null;
  if (!row) {
    return (
      <Alert severity="warning" onClose={onClose} sx={NOTICE_SX}>
        {LABEL_ORDER_TEXT.notFound(orderNo)}
      </Alert>
    );
  }
  if (row.status_flag === STATUS_FLAG.labelCreated) {
    // A drop-off at an AirBox hub (issue 23 item 1): its code and QR code right here.
    const { dropOff } = row;
    return (
      <Alert
        severity="success"
        sx={[NOTICE_SX, { alignItems: 'center' }]}
        action={
          <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1 }}>
            <Button color="inherit" size="small" variant="outlined" startIcon={<PrintOutlined />} onClick={() => onPrint(row)}>
              PRINT LABEL
            </Button>
            <Button color="inherit" size="small" variant="outlined" onClick={() => onViewLabel(row)}>
              VIEW SHIPMENT LABEL
            </Button>
            <IconButton aria-label="Close" color="inherit" size="small" onClick={onClose}>
              <CloseOutlined fontSize="small" />
            </IconButton>
          </Box>
        }
      >
        {dropOff?.state === 'waiting' ? (
          <>
            {LABEL_ORDER_TEXT.readyForDropOff(orderNo, dropOff.hubName)}
            <Box sx={{ mt: 1.5 }}>
              <DropOffCodePanel dropOff={dropOff} />
            </Box>
          </>
        ) : (
          LABEL_ORDER_TEXT.ready(orderNo)
        )}
      </Alert>
    );
  }
  if (row.purchaseNote) {
    return (
      <Alert severity="error" onClose={onClose} sx={NOTICE_SX}>
        {row.purchaseNote}
      </Alert>
    );
  }
  return (
    <Alert severity="info" role="status" onClose={onClose} sx={NOTICE_SX}>
      {pending ? LABEL_ORDER_TEXT.buying(orderNo) : LABEL_ORDER_TEXT.status(orderNo, shipmentStatus(row))}
    </Alert>
  );
}
