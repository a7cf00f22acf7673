import {
  isPickupResultMessage,
  LABEL_FILE_ERRORCODE,
  LABEL_RETURN_MESSAGES,
  labelFileName,
  type LabelFormatId,
  PAGINATION,
  SHIPMENT_MESSAGES,
  refundRefusal,
  SCAN_FORM_MESSAGES,
  shipmentActions,
  type ShipmentRow,
} from '@airbox/contract';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useState, type ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { useAlert } from '../../../components/alert/alert-context';
import { useToast } from '../../../components/toast/toast-context';
import { DataTable } from '../../../components/table/data-table';
import { offsetPager, type OffsetPage } from '../../../components/table/table-pager';
import { RowActions, type RowAction } from '../../../components/table/row-actions';
import { RowMenu } from '../../../components/table/row-menu';
import { useLabelFormat } from '../../../lib/label-format';
import { labelPurchaseHref } from '../../../lib/label-purchase';
import { useServiceNames } from '../../../lib/service-names';
import { ApiError, answerMessage } from '../../../lib/http';
import type { PickupRequest, PickupScreensProps } from '../../../lib/pickup-request';
import type { SessionHints } from '../../../lib/session';
import { useSessionState } from '../../../lib/session-state';
import { useDownloadInvoice } from '../api/download-invoice';
import { useDownloadLabelPdf } from '../api/download-label-pdf';
import { useGetInvoice } from '../api/get-invoice';
import { NO_SHIPMENT_SEARCH, getShipmentsQueryOptions, useShipments, type ShipmentSearch } from '../api/get-shipments';
import { useShipmentRow } from '../api/get-shipment-row';
import { useRefundShipment } from '../api/refund-shipment';
import { useSendReturnLabel } from '../api/send-return-label';
import { useUpdateShipmentComments } from '../api/update-shipment-comments';
import { useCreateScanForm } from '../api/create-scan-form';
import { EditCommentsDialog } from './edit-comments-dialog';
import { InvoiceMenu, type InvoiceChoice } from './invoice-menu';
import { LabelDialog } from './label-dialog';
import { LabelPrint } from './label-print';
import { LabelOrderNotice } from './label-order-notice';
import { SendReturnLabelDialog } from './label-returns';
import { ScanForms } from './scan-forms';
import { SearchOptions } from './search-options';
import { SELECTED_LABELS_TEXT, SelectedLabelsBar } from './selected-labels-bar';
import { ShipmentCard, shipmentColumns } from './shipment-columns';
import { ShipmentDetailsDialog } from './shipment-details-dialog';

/** Where the Search Options are remembered for the session (spec 03 §2). */
export const SHIPMENT_SEARCH_KEY = 'shipmentSearch';

const FIRST_PAGE: OffsetPage = { start: 0, num: PAGINATION.pageSize };

/** The query parameters of a pickup's result after its payment (spec 03 §2). */
const PICKUP_RESULT_PARAMS = ['pickupId', 'carrier', 'message'] as const;

/** A label's shippingdetails_id as a link carries it (`jump`, `shipmentdetailsid`), or null. */
function idParam(value: string | null): number | null {
  const id = Number(value);
  return value !== null && Number.isInteger(id) && id > 0 ? id : null;
}

/** The failure of a file call: the invoice has none, else the server's message. */
const noInvoice = (error: unknown) => error instanceof ApiError && error.errorcode === LABEL_FILE_ERRORCODE.none;

/**
 * A label that can go on a scan form or one USPS pickup with others (issue 25 item 2): a bought USPS
 * label the carrier has not scanned yet.
 */
export const canGroupLabel = (row: ShipmentRow) =>
  row.rateCarrier === 'USPS' && row.status_flag === '1' && ['', 'pre_transit', 'unknown'].includes(row.easypostStatus);

/** The action at hand on a row with a label: the browser's print dialog for the 4×6 label (ours). */
export const PRINT_LABEL = 'PRINT LABEL';

/**
 * /ShipmentParent/shipment, Purchased Labels (spec 03 §2-§5, §8, §9): the Search Options, the
 * paged labels with their status and actions (PRINT LABEL at hand, the spec's in the row's menu),
 * the dialogs (details, comments, label, invoice), printing a label, the refund with its refusal
 * rules and confirmation, and the result of a label payment. The
 * pickup screens (`pickups`, given by the route: features/pickups) open from SCHEDULE PICKUP and
 * PICKUP DETAILS, and from the query: `jump`, `shipmentdetailsid`, a pickup payment's result.
 */
export function PurchasedLabels({ session, pickups: Pickups }: { session: SessionHints; pickups?: ComponentType<PickupScreensProps> }) {
  const { userId } = session;
  const alert = useAlert();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const labelOrder = params.get('labelOrder');
  const [search, setSearch] = useSessionState<ShipmentSearch>(SHIPMENT_SEARCH_KEY, NO_SHIPMENT_SEARCH);
  const [paging, setPaging] = useState(FIRST_PAGE);
  const shipments = useShipments(userId, { search, ...paging });
  const serviceName = useServiceNames();

  const [details, setDetails] = useState<ShipmentRow | null>(null);
  const [editing, setEditing] = useState<ShipmentRow | null>(null);
  const [labelRow, setLabelRow] = useState<ShipmentRow | null>(null);
  const [invoice, setInvoice] = useState<(InvoiceChoice & { row: ShipmentRow }) | null>(null);

  const updateComments = useUpdateShipmentComments(userId);
  const refund = useRefundShipment(userId);
  const downloadLabel = useDownloadLabelPdf();
  const getInvoice = useGetInvoice();
  const downloadInvoice = useDownloadInvoice();

  const rows = shipments.data?.data.list ?? [];
  const closeDetails = useCallback(() => setDetails(null), []);

  // USPS labels chosen for one scan form or one pickup (issue 25 item 2), kept across pages, by the table's row key.
  // Choosing is a mode (CHOOSE USPS LABELS … DONE): the boxes take the room of the row's actions.
  const [choosing, setChoosing] = useState(false);
  const [chosen, setChosen] = useState<ReadonlyMap<number, ShipmentRow>>(new Map());
  const stopChoosing = () => {
    setChosen(new Map());
    setChoosing(false);
  };
  const chooseLabels = (keys: ReadonlySet<number>) =>
    setChosen(
      (current) =>
        new Map(
          [...keys].flatMap((key) => {
            const row = current.get(key) ?? rows.find((candidate) => candidate.shippingIndexID === key);
            return row ? [[key, row] as const] : [];
          }),
        ),
    );
  const createScanForm = useCreateScanForm();
  const makeScanForm = async () => {
    const labels = [...chosen.values()];
    const confirmed = await alert.confirm({
      icon: 'question',
      title: SELECTED_LABELS_TEXT.createScanForm,
      text: SELECTED_LABELS_TEXT.scanFormQuestion(labels.length),
    });
    if (!confirmed) return;
    try {
      const made = await createScanForm.mutateAsync(labels.map((row) => row.shippingdetails_id));
      stopChoosing();
      const count = made.data.labels.length;
      toast.show(made.data.status === 'created' ? SCAN_FORM_MESSAGES.created(count) : SCAN_FORM_MESSAGES.beingMade(count));
    } catch (error) {
      failed(error);
    }
  };

  // The label being printed; each print mounts its view afresh (a new key), so printing again prints again.
  // It prints in the customer's label format (issue 23 item 4): on a 4×6 page, sideways on a letter
  // sheet of two, or, as ZPL, saved for the thermal printer's own tool (a browser cannot send ZPL).
  const labelFormat = useLabelFormat().format;
  const [printing, setPrinting] = useState<{ id: number; row: ShipmentRow; sheet: '4x6' | 'letter' } | null>(null);
  const printLabel = (row: ShipmentRow, format: LabelFormatId = labelFormat) => {
    if (format === 'zpl') {
      void saveLabel(row, 'zpl').then((saved) => saved && toast.show(`${labelFileName(row.orderNo, 'zpl')} is saved: send it to your thermal printer.`));
      return;
    }
    setPrinting((current) => ({ id: (current?.id ?? 0) + 1, row, sheet: format === 'pdf-letter' ? 'letter' : '4x6' }));
  };
  const donePrinting = useCallback(() => setPrinting(null), []);
  const printFailed = useCallback((message: string) => void alert.show({ icon: 'error', text: message }), [alert]);

  // A pickup screen opened from a row; each opening mounts it afresh (a new key, even over an open one).
  const [pickup, setPickup] = useState<{ id: number; request: PickupRequest } | null>(null);
  const openPickup = useCallback((request: PickupRequest) => setPickup((open) => ({ id: (open?.id ?? 0) + 1, request })), []);
  const reloadList = useCallback(() => void queryClient.invalidateQueries({ queryKey: getShipmentsQueryOptions(userId).queryKey }), [queryClient, userId]);

  // A pickup screen the address asks for (spec 03 §2): `jump` and `shipmentdetailsid` name a label,
  // found among the newest; `message` (with pickupId and carrier) is a paid pickup's result, shown
  // only when it is one the portal sends (anyone can write any text in a link). The parameters
  // stay until the screen closes, as labelOrder stays until its note is closed.
  const jump = idParam(params.get('jump'));
  const uspsDetailsId = idParam(params.get('shipmentdetailsid'));
  const pickupMessage = params.get('message');
  const linked = useShipmentRow(userId, Pickups ? (jump ?? uspsDetailsId) : null);
  const fromAddress = ((): PickupRequest | 'missing' | 'failed' | 'unknown' | null => {
    if (!Pickups) return null;
    if (pickupMessage !== null) {
      if (!isPickupResultMessage(pickupMessage)) return 'unknown';
      return { kind: 'result', pickupId: params.get('pickupId') ?? '', carrier: params.get('carrier') ?? '', message: pickupMessage };
    }
    if ((jump === null && uspsDetailsId === null) || linked.isPending) return null;
    // A failed look-up is reported as a service failure already.
    if (linked.isError) return 'failed';
    const row = linked.data ?? null;
    if (jump === null && uspsDetailsId !== null) return { kind: 'uspsDetails', shippingdetailsId: uspsDetailsId, row };
    const allowed = row ? shipmentActions(row).pickup : null;
    return row && allowed ? { kind: allowed, row } : 'missing';
  })();

  const clearPickupAddress = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const name of ['jump', 'shipmentdetailsid', ...PICKUP_RESULT_PARAMS]) next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const closePickup = useCallback(() => {
    // One pickup for the chosen labels: done or given up, they are let go.
    setPickup((open) => {
      if (open?.request.kind === 'uspsLabels') {
        setChosen(new Map());
        setChoosing(false);
      }
      return null;
    });
    clearPickupAddress();
  }, [clearPickupAddress]);

  // A label the link names that is not the customer's, or cannot have a pickup: ' ShipmentID expired' (spec 03 §8).
  // A result message the portal never sends is not shown.
  useEffect(() => {
    if (fromAddress !== 'missing' && fromAddress !== 'failed' && fromAddress !== 'unknown') return;
    clearPickupAddress();
    if (fromAddress === 'missing') void alert.show({ icon: 'error', text: SHIPMENT_MESSAGES.shipmentExpired });
  }, [alert, clearPickupAddress, fromAddress]);

  const shownPickup = pickup ?? (typeof fromAddress === 'object' && fromAddress !== null ? { id: 0, request: fromAddress } : null);

  const shipAgainHref = (row: ShipmentRow) => labelPurchaseHref({ boxId: session.boxId, userId, shipAgainId: row.shippingIndexID });
  // Issue 23 item 3: the label page for a return of this label, its addresses swapped.
  const returnHref = (row: ShipmentRow) => labelPurchaseHref({ boxId: session.boxId, userId, returnOfId: row.shippingIndexID });
  const [sendingReturn, setSendingReturn] = useState<ShipmentRow | null>(null);
  const sendReturn = useSendReturnLabel();
  const sendReturnLabel = async ({ email, copyMe }: { email: string; copyMe: boolean }) => {
    if (!sendingReturn) return;
    try {
      await sendReturn.mutateAsync({ id: sendingReturn.shippingIndexID, email, copyMe });
      setSendingReturn(null);
      toast.show(LABEL_RETURN_MESSAGES.sent(email));
    } catch (error) {
      failed(error);
    }
  };

  const failed = (error: unknown) => {
    const message = answerMessage(error);
    if (message) void alert.show({ icon: 'error', text: message });
  };

  const saveComments = async (comments: string) => {
    if (!editing) return;
    try {
      await updateComments.mutateAsync({ shippingIndexID: editing.shippingIndexID, comments });
      setEditing(null);
      toast.show(SHIPMENT_MESSAGES.updateSuccess);
    } catch {
      void alert.show({ icon: 'error', text: SHIPMENT_MESSAGES.failure });
    }
  };

  /** Saves the label's file in `format` (the customer's label format unless one is picked); whether it was saved. */
  async function saveLabel(row: ShipmentRow, format: LabelFormatId = labelFormat, also?: ShipmentRow): Promise<boolean> {
    try {
      await downloadLabel.mutateAsync({ shipmentId: row.shipmentID, orderNo: row.orderNo, format, alsoShipmentId: also?.shipmentID });
      return true;
    } catch (error) {
      failed(error);
      return false;
    }
  }

  const openInvoice = async (row: ShipmentRow, anchor: HTMLElement) => {
    try {
      const { invoiceUrl } = await getInvoice.mutateAsync(row.shippingIndexID);
      setInvoice({ row, anchor, orderNo: row.orderNo, invoiceUrl });
    } catch (error) {
      if (noInvoice(error)) void alert.show({ icon: 'warning', text: SHIPMENT_MESSAGES.noInvoice });
      else failed(error);
    }
  };

  const saveInvoice = async (row: ShipmentRow) => {
    try {
      await downloadInvoice.mutateAsync({ shippingIndexID: row.shippingIndexID, orderNo: row.orderNo });
    } catch (error) {
      if (noInvoice(error)) void alert.show({ icon: 'warning', text: SHIPMENT_MESSAGES.noInvoice });
      else failed(error);
    }
  };

  const askRefund = async (row: ShipmentRow) => {
    const refusal = refundRefusal(row, new Date());
    if (refusal) {
      void alert.show({ icon: 'error', text: refusal });
      return;
    }
    const confirmed = await alert.confirm({ icon: 'question', title: 'REFUND', text: SHIPMENT_MESSAGES.refundQuestion });
    if (!confirmed) return;
    try {
      await refund.mutateAsync(row.shippingIndexID);
      // One message: the toast, and the row's status, which now reads refund pending.
      toast.show(SHIPMENT_MESSAGES.refundRequested);
    } catch (error) {
      failed(error);
    }
  };

  const actionsOf = (row: ShipmentRow): RowAction[] => {
    const allowed = shipmentActions(row);
    const actions: RowAction[] = [
      { label: 'DETAILS', onClick: () => setDetails(row) },
      { label: 'EDIT COMMENTS', onClick: () => setEditing(row) },
    ];
    if (allowed.viewLabel) actions.push({ label: 'VIEW SHIPMENT LABEL', onClick: () => setLabelRow(row) });
    if (allowed.downloadInvoice) {
      actions.push({
        label: 'DOWNLOAD INVOICE',
        opensMenu: true,
        disabled: getInvoice.isPending,
        onClick: (anchor) => void openInvoice(row, anchor),
      });
    }
    if (Pickups && allowed.pickup === 'schedule') actions.push({ label: 'SCHEDULE PICKUP', onClick: () => openPickup({ kind: 'schedule', row }) });
    if (Pickups && allowed.pickup === 'details') actions.push({ label: 'PICKUP DETAILS', onClick: () => openPickup({ kind: 'details', row }) });
    if (Pickups && allowed.pickup === 'dropoff') actions.push({ label: 'DROP-OFF OPTIONS', onClick: () => openPickup({ kind: 'dropoff', row }) });
    // Any label: a new one pre-filled from it, rated afresh (issue 23 item 5).
    actions.push({ label: 'SHIP AGAIN', href: shipAgainHref(row) });
    // A bought label (in transit or delivered): a return label of it; a return label: mailed to whoever sends it back (issue 23 item 3).
    if (row.status_flag === '1' && !row.returnOf) actions.push({ label: 'CREATE RETURN LABEL', href: returnHref(row) });
    if (row.status_flag === '1' && row.returnOf) actions.push({ label: 'SEND RETURN LABEL', onClick: () => setSendingReturn(row) });
    if (allowed.refund) actions.push({ label: 'REFUND', color: 'error', disabled: refund.isPending, onClick: () => void askRefund(row) });
    return actions;
  };

  /**
   * A row's actions: PRINT LABEL at hand when it has a label, every action of §4 in its menu; in
   * the table the menu buttons line up at the right edge, on a card the actions start at the left.
   */
  const rowActions = (row: ShipmentRow, justify: 'flex-end' | 'flex-start') => {
    const rowName = `order ${row.orderNo}`;
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: justify, gap: 0.75 }}>
        {shipmentActions(row).viewLabel && (
          <RowActions layout="row" rowName={rowName} actions={[{ label: PRINT_LABEL, icon: <PrintOutlined />, onClick: () => printLabel(row) }]} />
        )}
        <RowMenu actions={actionsOf(row)} rowName={rowName} />
      </Box>
    );
  };

  const closeLabelOrder = () => {
    const next = new URLSearchParams(params);
    next.delete('labelOrder');
    setParams(next, { replace: true });
  };

  return (
    <>
      {labelOrder && <LabelOrderNotice userId={userId} orderNo={labelOrder} onViewLabel={setLabelRow} onPrint={(row) => printLabel(row)} onClose={closeLabelOrder} />}
      <SearchOptions
        search={search}
        onSearch={(next) => {
          setSearch(next);
          setPaging({ ...paging, start: 0 });
        }}
      />
      {choosing ? (
        <SelectedLabelsBar
          count={chosen.size}
          busy={createScanForm.isPending}
          onCreateScanForm={() => void makeScanForm()}
          onSchedulePickup={Pickups ? () => openPickup({ kind: 'uspsLabels', rows: [...chosen.values()] }) : undefined}
          onClear={() => setChosen(new Map())}
          onDone={stopChoosing}
        />
      ) : (
        rows.some(canGroupLabel) && (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
            <Button size="small" variant="outlined" onClick={() => setChoosing(true)}>
              {SELECTED_LABELS_TEXT.choose}
            </Button>
          </Box>
        )
      )}
      <DataTable
        label="Purchased Labels"
        // While choosing, the boxes take the room of the row's actions.
        columns={
          choosing
            ? shipmentColumns(serviceName, () => null).filter((column) => column.header !== 'Actions')
            : shipmentColumns(serviceName, (row) => rowActions(row, 'flex-end'))
        }
        rows={rows}
        rowKey={(row) => row.shippingIndexID}
        card={(row) => <ShipmentCard row={row} serviceName={serviceName} actions={rowActions(row, 'flex-start')} />}
        empty={SHIPMENT_MESSAGES.noLabels}
        loading={shipments.isPending}
        minWidth={760}
        compact
        cardsBelow="md"
        selection={
          choosing
            ? {
                selected: new Set(chosen.keys()),
                onChange: chooseLabels,
                allLabel: 'Choose every USPS label on this page',
                rowLabel: (row) => `Choose order ${row.orderNo}`,
                selectable: canGroupLabel,
              }
            : undefined
        }
        pager={offsetPager(paging, shipments.data?.data.total ?? 0, PAGINATION.pageSizeOptions, setPaging)}
      />
      <ScanForms />
      <ShipmentDetailsDialog row={details} shipAgainHref={shipAgainHref} onClose={closeDetails} />
      <SendReturnLabelDialog
        row={sendingReturn}
        busy={sendReturn.isPending}
        onSend={(values) => void sendReturnLabel(values)}
        onCancel={() => setSendingReturn(null)}
      />
      <EditCommentsDialog
        row={editing}
        busy={updateComments.isPending}
        onSave={(comments) => void saveComments(comments)}
        onCancel={() => setEditing(null)}
      />
      <LabelDialog
        row={labelRow}
        otherLabels={rows.filter((other) => shipmentActions(other).viewLabel)}
        downloading={downloadLabel.isPending}
        onDownload={(row, format, also) => void saveLabel(row, format, also)}
        onPrint={printLabel}
        onClose={() => setLabelRow(null)}
      />
      {printing && <LabelPrint key={printing.id} row={printing.row} sheet={printing.sheet} onDone={donePrinting} onFailed={printFailed} />}
      <InvoiceMenu choice={invoice} onClose={() => setInvoice(null)} onDownload={() => invoice && void saveInvoice(invoice.row)} />
      {Pickups && shownPickup && (
        <Suspense fallback={<LinearProgress aria-label="Loading the pickup" sx={{ mt: 2 }} />}>
          <Pickups key={shownPickup.id} userId={userId} request={shownPickup.request} onClose={closePickup} onChanged={reloadList} />
        </Suspense>
      )}
    </>
  );
}
