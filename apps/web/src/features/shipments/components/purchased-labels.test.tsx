import { SHIPMENT_MESSAGES, decodeLabelPurchaseParam } from '@airbox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHIPMENT_ROWS, shipmentListAnswer, shipmentRow } from '../../../testing/fixtures';
import { fillIn, labelRowOf, renderApp, shipmentsApi, signIn } from '../../../testing/test-utils';
import { stubPhoneViewport } from '../../../testing/viewport';
import { PENDING_POLL_MS } from '../api/get-label-order';
import { SHIPMENT_SEARCH_KEY } from './purchased-labels';
import { AUTO_REFUND_NOTE } from './shipment-status';
import { DROP_OFF_CODE_TEXT } from './drop-off-code';

const LIST = '/app/v1/userGetShipment';

type User = ReturnType<typeof renderApp>['user'];

/**
 * A row's actions: the one at hand (PRINT LABEL) and those of its "⋯" menu, by their visible text;
 * the menu closed again. (Read from the elements' roles directly: queries that name every element
 * of a long list are slow in jsdom.)
 */
async function actionsOf(user: User, orderNo: string) {
  const buttons = within(labelRowOf(orderNo)).getAllByRole('button');
  const atHand = buttons.filter((button) => button.getAttribute('aria-haspopup') !== 'menu').map((button) => button.textContent);
  const more = buttons.find((button) => button.getAttribute('aria-label') === `More actions, order ${orderNo}`);
  await user.click(more!);
  const menu = await waitFor(() => document.querySelector<HTMLElement>(`[role="menu"][aria-label="Actions, order ${orderNo}"]`)!);
  const inMenu = [...menu.querySelectorAll('[role="menuitem"]')].map((item) => item.textContent);
  await user.keyboard('{Escape}');
  await waitFor(() => expect(document.querySelector('[role="menu"]')).toBeNull());
  return { atHand, inMenu };
}

/** Each state of SHIPMENT_ROWS in words, and the actions spec 03 §4 allows it. */
const STATES: [string, string, string[]][] = [
  // SHIP AGAIN (issue 23 item 5) on every label, before REFUND; CREATE RETURN LABEL (item 3) on a bought one.
  ['LB0001', 'unpaid', ['DETAILS', 'EDIT COMMENTS', 'SHIP AGAIN']],
  // A UPS label: its drop-off choices where SCHEDULE PICKUP would be (UPS has no pickup here).
  ['LB0002', 'label created', ['DETAILS', 'EDIT COMMENTS', 'VIEW SHIPMENT LABEL', 'DOWNLOAD INVOICE', 'DROP-OFF OPTIONS', 'SHIP AGAIN', 'CREATE RETURN LABEL', 'REFUND']],
  ['LB0003', 'in transit', ['DETAILS', 'EDIT COMMENTS', 'VIEW SHIPMENT LABEL', 'DOWNLOAD INVOICE', 'SHIP AGAIN', 'CREATE RETURN LABEL']],
  ['LB0004', 'delivered', ['DETAILS', 'EDIT COMMENTS', 'VIEW SHIPMENT LABEL', 'DOWNLOAD INVOICE', 'SHIP AGAIN', 'CREATE RETURN LABEL']],
  ['LB0005', 'refunded', ['DETAILS', 'EDIT COMMENTS', 'SHIP AGAIN']],
  ['LB0006', 'refund pending', ['DETAILS', 'EDIT COMMENTS', 'SHIP AGAIN']],
];

describe('Purchased Labels: the list', () => {
  it('shows a label in one compact row: order and date, status, carrier as customers know it with the renamed service over the tracking number, recipient, total with insurance', async () => {
    signIn({ userId: 7 });
    const api = shipmentsApi([SHIPMENT_ROWS.labelCreated]);
    renderApp('/ShipmentParent/shipment');
    // The first screen of a file loads its code first: slow on a busy machine.
    await screen.findByRole('table', { name: 'Purchased Labels' }, { timeout: 15_000 });
    const row = await waitFor(() => labelRowOf('LB0002'));
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Order', 'Status', 'Carrier', 'Ship To', 'Total', 'Actions']);
    expect(row).not.toHaveTextContent('UPSDAP');
    // The service named once, led by the carrier as customers know it.
    expect(await within(row).findByText('UPS Ground')).toBeInTheDocument();
    expect(row).not.toHaveTextContent('UPS UPS');
    expect(within(row).getByText('9400111899223344556677')).toBeInTheDocument();
    expect(within(row).getByText('label created')).toBeInTheDocument();
    expect(within(row).getByText('Rosa Reyes')).toBeInTheDocument();
    expect(within(row).getByText('Austin, TX 73301')).toBeInTheDocument();
    expect(within(row).getByText('$13.75')).toBeInTheDocument();
    expect(within(row).getByText('incl. $1.00 insurance')).toBeInTheDocument();
    // The sender, the phones and the parcel are in DETAILS, not in the row.
    expect(row).not.toHaveTextContent('San Francisco');
    expect(row).not.toHaveTextContent('12 × 10 × 6 in');

    const listed = api.calls(LIST)[0];
    expect(Object.fromEntries(listed?.fields ?? [])).toEqual({ user_id: '7', start: '0', num: '10' });
  });

  it('shows each state in words, PRINT LABEL at hand on a label, its notes and comments', async () => {
    signIn();
    shipmentsApi();
    renderApp('/ShipmentParent/shipment');
    await waitFor(() => labelRowOf('LB0001'));
    for (const [orderNo, status] of STATES) {
      expect(within(labelRowOf(orderNo)).getByText(status, { selector: '.MuiChip-label' })).toBeInTheDocument();
    }
    expect(within(labelRowOf('LB0002')).getByRole('button', { name: 'PRINT LABEL, order LB0002' })).toBeInTheDocument();
    expect(within(labelRowOf('LB0002')).getByRole('button', { name: 'More actions, order LB0002' })).toHaveAttribute('aria-haspopup', 'menu');
    expect(within(labelRowOf('LB0006')).getByText(AUTO_REFUND_NOTE)).toBeInTheDocument();
    expect(within(labelRowOf('LB0005')).queryByText(AUTO_REFUND_NOTE)).not.toBeInTheDocument();
    expect(within(labelRowOf('LB0004')).getByText('Birthday gift')).toBeInTheDocument();
  });

  it.each(STATES)("offers %s (%s) the actions §4 allows it, PRINT LABEL at hand when it has a label and the others in the row's menu", async (orderNo, _status, actions) => {
    signIn();
    shipmentsApi();
    const { user } = renderApp('/ShipmentParent/shipment');
    await waitFor(() => labelRowOf(orderNo));
    expect(await actionsOf(user, orderNo)).toEqual({ atHand: actions.includes('VIEW SHIPMENT LABEL') ? ['PRINT LABEL'] : [], inMenu: actions });
  });

  it('offers PICKUP DETAILS once a pickup exists, even in transit, and says why a paid pickup was not booked', async () => {
    signIn();
    const note = 'FedEx could not book this pickup; your payment of $6.50 was refunded.';
    shipmentsApi([
      shipmentRow({ shippingIndexID: 21, orderNo: 'LB0021', pickupId: 'pickup_21', easypostStatus: 'in_transit' }),
      shipmentRow({ shippingIndexID: 22, orderNo: 'LB0022', rateCarrier: 'FedEx', pickupNote: note }),
    ]);
    const { user } = renderApp('/ShipmentParent/shipment');
    await waitFor(() => labelRowOf('LB0021'));
    expect((await actionsOf(user, 'LB0021')).inMenu).toEqual(['DETAILS', 'EDIT COMMENTS', 'VIEW SHIPMENT LABEL', 'DOWNLOAD INVOICE', 'PICKUP DETAILS', 'SHIP AGAIN', 'CREATE RETURN LABEL']);
    expect((await actionsOf(user, 'LB0022')).inMenu).toContain('SCHEDULE PICKUP');
    expect(within(labelRowOf('LB0022')).getByText(note)).toBeInTheDocument();
  });

  it('says why a paid purchase ended without a label', async () => {
    signIn();
    const note = 'The carrier refused this label; your payment of $13.75 was refunded.';
    shipmentsApi([shipmentRow({ orderNo: 'LB0009', status_flag: '0', shipmentID: '', purchaseNote: note })]);
    renderApp('/ShipmentParent/shipment');
    expect(await screen.findByText(note)).toBeInTheDocument();
    expect(within(labelRowOf('LB0009')).getByText('unpaid')).toBeInTheDocument();
  });

  it("says 'You have no purchased labels yet.' when there are none, and links to the label purchase page", async () => {
    signIn({ userId: 7 });
    shipmentsApi([]);
    renderApp('/ShipmentParent/shipment');
    expect(await screen.findByText(SHIPMENT_MESSAGES.noLabels)).toBeInTheDocument();
    const buy = screen.getByRole('link', { name: 'Buy Shipment Labels' });
    const href = buy.getAttribute('href') ?? '';
    expect(href.startsWith('/app/shipment/#/Shipment/shipmentRate?param=')).toBe(true);
    expect(decodeLabelPurchaseParam(href.split('?param=')[1])).toEqual({ boxId: '1234567', userId: 7 });
  });

  it('pages by offset and changes the page size (10 first; 5, 10, 25, 50)', async () => {
    signIn();
    const api = shipmentsApi(undefined, { [LIST]: shipmentListAnswer([SHIPMENT_ROWS.labelCreated], 23) });
    const { user } = renderApp('/ShipmentParent/shipment');
    expect(await screen.findByText('1–10 of 23')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(api.calls(LIST).at(-1)?.fields.get('start')).toBe('10'));
    expect(screen.getByText('11–20 of 23')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['5', '10', '25', '50']);
    await user.click(screen.getByRole('option', { name: '25' }));
    await waitFor(() => expect(api.calls(LIST).at(-1)?.fields.get('num')).toBe('25'));
    expect(api.calls(LIST).at(-1)?.fields.get('start')).toBe('0');
  });
});

describe('Purchased Labels: Search Options', () => {
  it('searches the fields given (UPS as UPSDAP), remembers them for the session, and Reset clears them', async () => {
    signIn({ userId: 7 });
    const api = shipmentsApi([SHIPMENT_ROWS.labelCreated]);
    const first = renderApp('/ShipmentParent/shipment');
    const panel = await screen.findByRole('search', { name: 'Search purchased labels' });
    expect(within(panel).getByLabelText('Tracking Number')).toHaveAttribute('maxlength', '255');
    await fillIn(first.user, within(panel).getByLabelText('Tracking Number'), '9400111899');
    await fillIn(first.user, within(panel).getByLabelText('Comments'), 'gift');
    await first.user.click(within(panel).getByRole('combobox', { name: 'Carrier' }));
    const carriers = await screen.findAllByRole('option');
    expect(carriers.map((option) => option.textContent)).toEqual(['ALL', 'USPS', 'FedEx', 'UPS']);
    await first.user.click(screen.getByRole('option', { name: 'UPS' }));
    await first.user.click(within(panel).getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(api.calls(LIST)).toHaveLength(2));
    expect(Object.fromEntries(api.calls(LIST)[1]?.fields ?? [])).toEqual({
      user_id: '7',
      start: '0',
      num: '10',
      trackingNum: '9400111899',
      carrier: 'UPSDAP',
      comments: 'gift',
    });
    expect(JSON.parse(sessionStorage.getItem(SHIPMENT_SEARCH_KEY) ?? '{}')).toMatchObject({ carrier: 'UPSDAP', trackingNum: '9400111899' });

    // Opening the list again in the same session: the search is still there, and sent.
    first.unmount();
    const again = renderApp('/ShipmentParent/shipment');
    const panelAgain = await screen.findByRole('search', { name: 'Search purchased labels' });
    expect(within(panelAgain).getByLabelText('Tracking Number')).toHaveValue('9400111899');
    expect(within(panelAgain).getByRole('combobox', { name: 'Carrier' })).toHaveTextContent('UPS');
    await waitFor(() => expect(api.calls(LIST)).toHaveLength(3));
    expect(api.calls(LIST)[2]?.fields.get('carrier')).toBe('UPSDAP');

    await again.user.click(within(panelAgain).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(api.calls(LIST)).toHaveLength(4));
    expect(Object.fromEntries(api.calls(LIST)[3]?.fields ?? [])).toEqual({ user_id: '7', start: '0', num: '10' });
    expect(within(panelAgain).getByLabelText('Tracking Number')).toHaveValue('');
  });

  it('goes back to the first page on a new search', async () => {
    signIn();
    const api = shipmentsApi(undefined, { [LIST]: shipmentListAnswer([SHIPMENT_ROWS.labelCreated], 30) });
    const { user } = renderApp('/ShipmentParent/shipment');
    await screen.findByText('1–10 of 30');
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(api.calls(LIST).at(-1)?.fields.get('start')).toBe('10'));
    await fillIn(user, screen.getByLabelText('Order No'), 'LB0002');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.calls(LIST).at(-1)?.fields.get('orderNo')).toBe('LB0002'));
    expect(api.calls(LIST).at(-1)?.fields.get('start')).toBe('0');
  });
});

describe('Purchased Labels: after a label payment (labelOrder)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says the label is ready, with VIEW SHIPMENT LABEL', async () => {
    signIn();
    const api = shipmentsApi([SHIPMENT_ROWS.labelCreated], {
      '/app/v1/getShippingLabel': { body: { errorcode: 0, message: 'ok', data: 'iVBORw0KGgo=' } },
    });
    const { user } = renderApp('/ShipmentParent/shipment?labelOrder=LB0002');
    expect(await screen.findByText('Your label for order LB0002 is ready.')).toBeInTheDocument();
    expect(api.calls(LIST).some((call) => call.fields.get('orderNo') === 'LB0002')).toBe(true);
    const note = screen.getByText('Your label for order LB0002 is ready.').closest('[role="alert"]') as HTMLElement;
    await user.click(within(note).getByRole('button', { name: 'VIEW SHIPMENT LABEL' }));
    const dialog = await screen.findByRole('dialog', { name: 'Shipment Label Details' });
    expect(await within(dialog).findByRole('img', { name: /order LB0002/ })).toBeInTheDocument();
  });

  it("shows the purchase's note when it failed", async () => {
    signIn();
    const note = 'The carrier could not sell this label. Your payment was refunded.';
    shipmentsApi([shipmentRow({ orderNo: 'LB0010', status_flag: '0', shipmentID: '', purchaseNote: note })]);
    renderApp('/ShipmentParent/shipment?labelOrder=LB0010');
    await waitFor(() => expect(screen.getAllByText(note)).toHaveLength(2));
    expect(screen.getAllByRole('alert').some((alert) => alert.textContent?.includes(note))).toBe(true);
  });

  it('says the label is being bought while it is, and that it is ready once it is', async () => {
    // The clock is moved to the next read instead of waiting for it.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn();
    let bought = false;
    const buying = shipmentRow({ orderNo: 'LB0011', status_flag: '0', shipmentID: '' });
    shipmentsApi(undefined, { [LIST]: () => shipmentListAnswer([bought ? { ...buying, status_flag: '1', shipmentID: 'shp_11' } : buying]) });
    renderApp('/ShipmentParent/shipment?labelOrder=LB0011');
    expect(await screen.findByText(/Order LB0011: your label is being bought/)).toBeInTheDocument();
    bought = true;
    await vi.advanceTimersByTimeAsync(PENDING_POLL_MS);
    expect(await screen.findByText('Your label for order LB0011 is ready.')).toBeInTheDocument();
  });
});

describe('Purchased Labels: a drop-off at an AirBox hub (issue 23 item 1)', () => {
  const dropOff = {
    hubId: 'hub-1',
    hubName: 'Mission Hub',
    hubAddress: '801 Market St, San Francisco, CA 94103',
    state: 'waiting' as const,
    code: '7KQ2M-XW9PD',
    validUntil: '2026-12-11T20:00:00.000Z',
    droppedOffAt: '',
  };

  it('shows the code and its QR code after the payment, and on the row while it works; Dropped off once the parcel is in', async () => {
    signIn();
    shipmentsApi([
      shipmentRow({ shippingIndexID: 1020, orderNo: 'LB0020', dropOff }),
      shipmentRow({ shippingIndexID: 1021, orderNo: 'LB0021', dropOff: { ...dropOff, state: 'dropped_off', code: '', droppedOffAt: '2026-11-28T18:00:00.000Z' } }),
      shipmentRow({ shippingIndexID: 1022, orderNo: 'LB0022', dropOff: { ...dropOff, state: 'expired', code: '' } }),
    ]);
    const { user } = renderApp('/ShipmentParent/shipment?labelOrder=LB0020');
    // The note after the payment: the code, its QR code and the hub, no need to print.
    const ready = await screen.findByText(/Your label for order LB0020 is ready: drop the parcel off at Mission Hub/);
    const note = ready.closest('[role="alert"]') as HTMLElement;
    expect(within(note).getByText('7KQ2M-XW9PD')).toBeInTheDocument();
    expect(within(note).getByRole('img', { name: DROP_OFF_CODE_TEXT.qrLabel('7KQ2M-XW9PD') })).toBeInTheDocument();
    expect(note).toHaveTextContent('801 Market St, San Francisco, CA 94103');

    // The row: where to drop it off, and the code on demand.
    const row = await waitFor(() => labelRowOf('LB0020'));
    expect(within(row).getByText('label created')).toBeInTheDocument();
    expect(within(row).getByText(DROP_OFF_CODE_TEXT.dropAt('Mission Hub'))).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: DROP_OFF_CODE_TEXT.show }));
    const dialog = await screen.findByRole('dialog', { name: DROP_OFF_CODE_TEXT.title });
    expect(within(dialog).getByText('7KQ2M-XW9PD')).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: DROP_OFF_CODE_TEXT.qrLabel('7KQ2M-XW9PD') })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'CLOSE' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // In the locker: the status says where, no code any more.
    const dropped = labelRowOf('LB0021');
    expect(within(dropped).getByText('Dropped off at Mission Hub')).toBeInTheDocument();
    expect(within(dropped).queryByRole('button', { name: DROP_OFF_CODE_TEXT.show })).toBeNull();
    // Expired: what to do instead.
    expect(labelRowOf('LB0022')).toHaveTextContent(/The drop-off code expired .*Request a refund, or SHIP AGAIN/);
  });
});

describe('Purchased Labels on a phone', () => {
  it('shows each label as a card with its status and actions', async () => {
    stubPhoneViewport();
    signIn();
    shipmentsApi([SHIPMENT_ROWS.labelCreated, SHIPMENT_ROWS.refunded]);
    const { user } = renderApp('/ShipmentParent/shipment');
    const list = await screen.findByRole('list', { name: 'Purchased Labels' });
    expect(screen.queryByRole('table', { name: 'Purchased Labels' })).not.toBeInTheDocument();
    const cards = await within(list).findAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0] as HTMLElement).getByText('Order LB0002')).toBeInTheDocument();
    expect(within(cards[0] as HTMLElement).getByText('(415) 555-0134')).toBeInTheDocument();
    expect(within(cards[0] as HTMLElement).getByText('12 × 10 × 6 in · 2.5 lb')).toBeInTheDocument();
    expect(within(cards[0] as HTMLElement).getByRole('button', { name: 'PRINT LABEL, order LB0002' })).toBeInTheDocument();
    await user.click(within(cards[0] as HTMLElement).getByRole('button', { name: 'More actions, order LB0002' }));
    expect(within(await screen.findByRole('menu', { name: 'Actions, order LB0002' })).getByRole('menuitem', { name: 'REFUND' })).toBeInTheDocument();
    expect(within(cards[1] as HTMLElement).getByText('refunded')).toBeInTheDocument();
    expect(within(cards[1] as HTMLElement).queryByRole('button', { name: /^PRINT LABEL/ })).not.toBeInTheDocument();
  });
});
