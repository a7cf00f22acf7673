import { API_ERRORCODE, BATCH_COLUMNS, BATCH_MESSAGES, MESSAGES, READ_ERRORCODE, type BatchCells, type LabelBatch, type LabelBatchRow } from '@airbox/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { myAddress } from '../../../testing/fixtures';
import { alertSaying, mockApi, renderApp, shipmentsApi, signIn, toastSaying, type ApiRequest, watchLeavingForPayment } from '../../../testing/test-utils';

/** Label Batches (issue 25 item 1): upload, errors at their cells, a fix in place, rating, one payment, the finished batch. */

const cells = (overrides: Partial<BatchCells> = {}): BatchCells => ({
  ...(Object.fromEntries(BATCH_COLUMNS.map((column) => [column, ''])) as BatchCells),
  name: 'Ana Ruiz',
  street1: '12 Elm St',
  city: 'Austin',
  state: 'TX',
  zip: '73301',
  country: 'US',
  phone: '512-555-0199',
  weight_lb: '2',
  length: '10',
  width: '8',
  height: '4',
  reference: 'Order 1',
  ...overrides,
});

const row = (number: number, overrides: Partial<LabelBatchRow> = {}): LabelBatchRow => ({
  row: number,
  cells: cells({ name: `Customer ${number}` }),
  state: 'ready',
  errors: [],
  notes: [],
  rate: null,
  shippingIndexID: null,
  orderNo: '',
  trackingNum: '',
  note: '',
  refund: null,
  refundAmount: '0.00',
  ...overrides,
});

const batch = (overrides: Partial<LabelBatch> = {}): LabelBatch => {
  const rows = overrides.rows ?? [row(1), row(2)];
  return {
    id: 12,
    createTime: '2026-11-25T15:00:00Z',
    fileName: 'orders.csv',
    state: 'draft',
    rule: 'cheapest',
    ruleCarrier: '',
    ruleService: '',
    shipDate: '2026-11-26',
    counts: { rows: rows.length, invalid: 0, ready: rows.length, rated: 0, queued: 0, bought: 0, failed: 0 },
    progress: { done: 0, total: 0 },
    total: '0.00',
    refunded: '0.00',
    ratesExpireAt: '',
    paidAt: '',
    finishedAt: '',
    from: { firstName: 'Casey', lastName: 'Demo', company: '', address1: '1 Main St', address2: '', city: 'San Francisco', state: 'CA', zipcode: '94103', country: 'US', phone: '4155550100', email: '' },
    services: [],
    ...overrides,
    rows,
  };
};

const ok = (data: LabelBatch) => ({ body: { errorcode: 0, message: 'ok', data } });
const common = {
  '/openapi/easyPost/getMyAddress': { body: { code: 0, errorcode: 0, message: 'ok', data: [myAddress()] } },
  '/app/v1/carrierServiceRenaming': { body: { errorcode: READ_ERRORCODE.ok, message: 'ok', data: [] } },
  '/app/v1/labelFormat': { body: { errorcode: 0, message: 'ok', labelFormat: 'pdf-4x6' } },
  '/app/v1/labelBatches': { body: { errorcode: 0, message: 'ok', data: [] } },
};

const saved: string[] = [];
let leaveFor: ReturnType<typeof watchLeavingForPayment>;
beforeEach(() => {
  saved.length = 0;
  leaveFor = watchLeavingForPayment();
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => 'blob:portal.test/1' });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('Label Batches', { timeout: 60_000 }, () => {
  it('uploads the file’s bytes with the sender, and opens the batch', async () => {
    signIn({ userId: 7 });
    const api = mockApi({ ...common, '/app/v1/labelBatches/upload': ok(batch()), '/app/v1/labelBatches/detail': ok(batch()) });
    const { user } = renderApp('/ShipmentParent/batches');
    expect(await screen.findByText(/No batches yet/, undefined, { timeout: 30_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'DOWNLOAD TEMPLATE' })).toHaveAttribute('href', '/app/v1/labelBatches/template');
    await waitFor(() => expect(screen.getByRole('radio', { name: /742 Valencia St/ })).toBeChecked());
    const csv = 'name,street1,city,zip\r\nAna,12 Elm St,Austin,73301\r\n';
    await user.upload(screen.getByLabelText('CSV file'), new File([csv], 'orders.csv', { type: 'text/csv' }));
    expect(await screen.findByRole('heading', { name: 'Batch #12 · orders.csv' })).toBeInTheDocument();
    const [sent] = api.calls('/app/v1/labelBatches/upload') as [ApiRequest];
    const body = sent.json as { file: string; fileName: string; from: { address1: string } };
    expect(atob(body.file)).toBe(csv);
    expect(body.fileName).toBe('orders.csv');
    expect(body.from.address1).toBe('742 Valencia St');
  });

  it('keeps showing the rating when a read of the batch sent before RATE ALL answers after it', async () => {
    signIn({ userId: 7 });
    let current = batch();
    const api = mockApi({
      ...common,
      '/app/v1/labelBatches/upload': () => ok(current),
      '/app/v1/labelBatches/detail': () => ok(current),
      '/app/v1/labelBatches/rate': () => {
        current = batch({ state: 'rating', progress: { done: 0, total: 2 } });
        return ok(current);
      },
    });
    // A read answers the batch as it was when it was sent, and no sooner than the test lets it.
    const answer = api.fetchMock.getMockImplementation()!;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    api.fetchMock.mockImplementation(async (input, init) => {
      const response = answer(input, init);
      if (String(input).includes('/labelBatches/detail')) await held;
      return response;
    });
    const { user } = renderApp('/ShipmentParent/batches');
    await waitFor(() => expect(screen.getByRole('radio', { name: /742 Valencia St/ })).toBeChecked(), { timeout: 30_000 });
    await user.upload(screen.getByLabelText('CSV file'), new File(['name\r\nAna\r\n'], 'orders.csv', { type: 'text/csv' }));
    // The batch opens from the upload's answer while the page reads it again.
    await user.click(await screen.findByRole('button', { name: 'RATE ALL' }));
    await screen.findByText('Rating: 0 of 2 rows');
    expect(api.calls('/app/v1/labelBatches/detail')).toHaveLength(1);
    // The read sent before the rating now answers the batch unrated: it is not taken for news.
    release();
    const rate = { carrier: 'USPS', service: 'GroundAdvantage', rate: '8.20', deliveryDays: 3, deliveryDate: null };
    current = batch({ state: 'rated', total: '16.40', rows: [row(1, { state: 'rated', rate }), row(2, { state: 'rated', rate })], counts: { rows: 2, invalid: 0, ready: 0, rated: 2, queued: 0, bought: 0, failed: 0 } });
    // The progress is still read, and the rated batch comes in.
    expect(await screen.findByText('Total to pay for 2 labels:', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByText('Rating: 0 of 2 rows')).not.toBeInTheDocument();
  });

  it('uploads a file dropped on the box', async () => {
    signIn({ userId: 7 });
    const api = mockApi({ ...common, '/app/v1/labelBatches/upload': ok(batch()), '/app/v1/labelBatches/detail': ok(batch()) });
    renderApp('/ShipmentParent/batches');
    await waitFor(() => expect(screen.getByRole('radio', { name: /742 Valencia St/ })).toBeChecked(), { timeout: 30_000 });
    const csv = 'name,street1,city,zip\r\nBo,1 Oak St,Austin,73301\r\n';
    fireEvent.drop(screen.getByTestId('batch-drop-zone'), { dataTransfer: { files: [new File([csv], 'dropped.csv', { type: 'text/csv' })] } });
    expect(await screen.findByRole('heading', { name: 'Batch #12 · orders.csv' })).toBeInTheDocument();
    const [sent] = api.calls('/app/v1/labelBatches/upload') as [ApiRequest];
    expect(sent.json).toMatchObject({ fileName: 'dropped.csv', file: btoa(csv) });
  });

  it('says a refused file as the server words it, and stays on the upload', async () => {
    signIn({ userId: 7 });
    mockApi({ ...common, '/app/v1/labelBatches/upload': { status: 400, body: { errorcode: -400, message: BATCH_MESSAGES.wrongKind('a PDF document') } } });
    const { user } = renderApp('/ShipmentParent/batches');
    await waitFor(() => expect(screen.getByRole('radio', { name: /742 Valencia St/ })).toBeChecked(), { timeout: 30_000 });
    await user.type(screen.getByLabelText('Or paste cells'), 'name\tstreet1');
    await user.click(screen.getByRole('button', { name: 'CHECK PASTED CELLS' }));
    expect(await alertSaying(BATCH_MESSAGES.wrongKind('a PDF document'))).toBeInTheDocument();
    // Nothing kept: still the upload, no batch opened (the page is behind the open alert).
    expect(screen.getByRole('button', { name: 'CHOOSE CSV FILE', hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /^Batch #/, hidden: true })).not.toBeInTheDocument();
  });

  it('shows each error at its cell, counts the rows, and fixes a row in place with all its cells', async () => {
    signIn({ userId: 7 });
    const bad = row(2, { state: 'invalid', cells: cells({ name: 'Customer 2', zip: 'ABCDE' }), errors: [{ column: 'zip', message: 'Enter the correct format' }] });
    const duplicate = row(3, { state: 'invalid', errors: [{ column: null, message: BATCH_MESSAGES.duplicate(1) }] });
    let current = batch({ rows: [row(1), bad, duplicate] });
    const api = mockApi({
      ...common,
      '/app/v1/labelBatches/detail': () => ok(current),
      '/app/v1/labelBatches/row': () => {
        current = batch({ rows: [row(1), row(2, { cells: cells({ name: 'Customer 2', zip: '02108' }) }), duplicate] });
        return ok(current);
      },
    });
    const { user } = renderApp('/ShipmentParent/batches?batch=12');
    expect(await screen.findByText('Zip: Enter the correct format', undefined, { timeout: 30_000 })).toBeInTheDocument();
    expect(screen.getByText(BATCH_MESSAGES.duplicate(1))).toBeInTheDocument();
    expect(screen.getByText('1 ready')).toBeInTheDocument();
    expect(screen.getByText('2 with errors')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'RATE ALL' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'EDIT, row 2' }));
    const dialog = screen.getByRole('dialog', { name: 'Row 2' });
    const zip = within(dialog).getByLabelText('Zip');
    expect(zip).toHaveAccessibleDescription('Enter the correct format');
    await user.clear(zip);
    await user.type(zip, '02108');
    await user.click(within(dialog).getByRole('button', { name: 'SAVE ROW' }));
    expect(await toastSaying('Row 2 is saved.')).toBeInTheDocument();
    const [sent] = api.calls('/app/v1/labelBatches/row') as [ApiRequest];
    expect(sent.json).toEqual({ batchId: 12, row: 2, cells: cells({ name: 'Customer 2', zip: '02108' }) });
    expect(await screen.findByText('2 ready')).toBeInTheDocument();
    expect(screen.getByText('1 with errors')).toBeInTheDocument();
  });

  it('rates with the rule, shows the one total and pays once at the provider', async () => {
    signIn({ userId: 7 });
    const rate = { carrier: 'USPS', service: 'GroundAdvantage', rate: '820.00', deliveryDays: 3, deliveryDate: null };
    const rated = batch({ state: 'rated', rule: 'fastest', total: '1640.00', ratesExpireAt: '2026-11-25T16:00:00Z', rows: [row(1, { state: 'rated', rate }), row(2, { state: 'rated', rate })], counts: { rows: 2, invalid: 0, ready: 0, rated: 2, queued: 0, bought: 0, failed: 0 } });
    let current = batch();
    const api = mockApi({
      ...common,
      '/app/v1/labelBatches/detail': () => ok(current),
      '/app/v1/labelBatches/rate': () => ((current = rated), ok(rated)),
      '/app/v1/labelBatches/pay': { body: { errorcode: 1, message: 'ok', redirectURL: 'https://pay.example/approve?token=batch' } },
    });
    const { user } = renderApp('/ShipmentParent/batches?batch=12');
    await user.click(await screen.findByRole('radio', { name: 'Fastest' }, { timeout: 30_000 }));
    await user.click(screen.getByRole('button', { name: 'RATE ALL' }));
    expect(await screen.findByText('Total to pay for 2 labels:')).toBeInTheDocument();
    expect(api.calls('/app/v1/labelBatches/rate')[0]!.json).toEqual({ id: 12, rule: 'fastest' });
    expect(screen.getByTestId('batch-total')).toHaveTextContent('$1,640.00');
    expect(screen.getAllByText('$820.00')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'PAY $1,640.00' }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('https://pay.example/approve?token=batch'));
    expect(api.calls('/app/v1/labelBatches/pay')).toHaveLength(1);
  });

  it('says the hour’s carrier-call budget used up (429) beside RATE ALL, as the label page does, and changes nothing', async () => {
    signIn({ userId: 7 });
    const api = mockApi({
      ...common,
      '/app/v1/labelBatches/detail': () => ok(batch()),
      '/app/v1/labelBatches/rate': { status: 429, body: { errorcode: API_ERRORCODE.tooManyRequests, message: MESSAGES.carrierCallsUsedUp(42) } },
    });
    const { user } = renderApp('/ShipmentParent/batches?batch=12');
    await user.click(await screen.findByRole('button', { name: 'RATE ALL' }, { timeout: 30_000 }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have checked addresses and asked for rates as often as one account may in an hour. Please try again in 42 minutes.',
    );
    expect(api.calls('/app/v1/labelBatches/rate')).toHaveLength(1);
    // Nothing changed: the rows are still ready, no total, RATE ALL offered again.
    expect(screen.queryByText(/Total to pay/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'RATE ALL' })).toBeEnabled();
    expect(screen.queryByText(MESSAGES.serviceException)).not.toBeInTheDocument();
  });

  it('a rating the carriers did not answer for two hours comes back a draft: each unrated row says why and RATE ALL is offered again', async () => {
    signIn({ userId: 7 });
    const gaveUp = 'The carriers did not answer for two hours, so this row has no rate yet: rate the batch again.';
    let current = batch();
    const api = mockApi({
      ...common,
      '/app/v1/labelBatches/detail': () => ok(current),
      '/app/v1/labelBatches/rate': () => {
        current = batch({ state: 'rating', progress: { done: 0, total: 2 } });
        return ok(current);
      },
    });
    const { user } = renderApp('/ShipmentParent/batches?batch=12');
    await user.click(await screen.findByRole('button', { name: 'RATE ALL' }, { timeout: 30_000 }));
    await screen.findByText('Rating: 0 of 2 rows');
    expect(screen.queryByRole('button', { name: 'RATE ALL' })).not.toBeInTheDocument();
    current = batch({ rows: [row(1, { notes: [gaveUp] }), row(2, { notes: [gaveUp] })] });
    expect(await screen.findByRole('button', { name: 'RATE ALL' }, { timeout: 10_000 })).toBeEnabled();
    for (const number of [1, 2]) expect(screen.getByRole('row', { name: new RegExp(`Customer ${number}`) })).toHaveTextContent(gaveUp);
    expect(api.calls('/app/v1/labelBatches/rate')).toHaveLength(1);
  });

  it('a finished batch lists a refused row refunded once and saves the merged labels and the tracking CSV', async () => {
    signIn({ userId: 7 });
    const rate = { carrier: 'USPS', service: 'GroundAdvantage', rate: '8.20', deliveryDays: 3, deliveryDate: null };
    const finished = batch({
      state: 'finished',
      total: '16.40',
      refunded: '8.20',
      paidAt: '2026-11-25T15:10:00Z',
      progress: { done: 2, total: 2 },
      counts: { rows: 2, invalid: 0, ready: 0, rated: 0, queued: 0, bought: 1, failed: 1 },
      rows: [
        row(1, { state: 'bought', rate, shippingIndexID: 31, orderNo: 'LB0031', trackingNum: '9400111899223344556677' }),
        row(2, { state: 'failed', rate, note: 'The carrier refused this label (declined). Its $8.20 was refunded.', refund: 'refunded', refundAmount: '8.20' }),
      ],
    });
    shipmentsApi([], {
      ...common,
      '/app/v1/labelBatches/detail': ok(finished),
      '/app/v1/labelBatches/labels': () => new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } }),
      '/app/v1/labelBatches/tracking': () => new Response('row,reference', { headers: { 'Content-Type': 'text/csv' } }),
    });
    const { user } = renderApp('/ShipmentParent/batches?batch=12');
    expect(await screen.findByText('Finished: 1 of 2 labels bought.', undefined, { timeout: 30_000 })).toBeInTheDocument();
    const refused = within(screen.getByRole('list', { name: 'Refused by the carrier' })).getByRole('listitem');
    expect(refused).toHaveTextContent('Row 2 (Customer 2): The carrier refused this label (declined). · refunded $8.20');
    expect(screen.getByText('Paid $16.40, refunded $8.20')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^EDIT/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'CREATE SCAN FORM' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'DOWNLOAD LABELS' }));
    await waitFor(() => expect(saved).toContain('batch-12-labels.pdf'));
    await user.click(screen.getByRole('button', { name: 'DOWNLOAD TRACKING CSV' }));
    await waitFor(() => expect(saved).toContain('batch-12-tracking.csv'));
  });
});
