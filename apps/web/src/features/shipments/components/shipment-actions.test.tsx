import { SHIPMENT_MESSAGES, decodeLabelPurchaseParam, shipmentStatus } from '@airbox/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SHIPMENT_ROWS, shipmentDetail, shipmentListAnswer, shipmentRow } from '../../../testing/fixtures';
import { alertSaying, clickRowAction, expectTexts, fillIn, labelRowOf, openRowMenu, renderApp, savedFilesOfEachTest, shipmentsApi, signIn, toastSaying } from '../../../testing/test-utils';
import { LABEL_PRINT_CLASS } from './label-print';

const LIST = '/app/v1/userGetShipment';

const pdf = (text: string) => () => new Response(text, { headers: { 'Content-Type': 'application/pdf' } });

async function openList(list = Object.values(SHIPMENT_ROWS), overrides: Parameters<typeof shipmentsApi>[1] = {}) {
  signIn({ userId: 7 });
  const api = shipmentsApi(list, overrides);
  const view = renderApp('/ShipmentParent/shipment');
  // The first screen of a file loads its code first: slow on a busy machine.
  await waitFor(() => labelRowOf(list[0]?.orderNo ?? ''), { timeout: 15_000 });
  return { api, ...view };
}

describe('Edit Comments', () => {
  it("saves the comments with whitespace collapsed, says 'Update success' and reloads the list", async () => {
    const { api, user } = await openList([SHIPMENT_ROWS.delivered], {
      '/app/v1/updateShipmentDetail': { body: { errorcode: 1, message: 'ok' } },
    });
    await clickRowAction(user, 'LB0004', 'EDIT COMMENTS');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Comments' });
    const field = within(dialog).getByLabelText('Comments');
    expect(field).toHaveValue('Birthday gift');
    // The counter says how many characters of the 200 are kept (whitespace collapsed).
    expect(field).toHaveAccessibleDescription('13/200');
    await user.clear(field);
    await fillIn(user, field, '  Gift   for\n  Mom  ');
    expect(field).toHaveAccessibleDescription('12/200');
    await user.click(within(dialog).getByRole('button', { name: 'CONFIRM' }));

    // A success needing no answer: the toast, no dialog over the list.
    expect(await toastSaying(SHIPMENT_MESSAGES.updateSuccess)).toBeInTheDocument();
    expect(Object.fromEntries(api.calls('/app/v1/updateShipmentDetail')[0]?.fields ?? [])).toEqual({
      comments: 'Gift for Mom',
      shipmentIndexID: '4',
    });
    await waitFor(() => expect(api.calls(LIST)).toHaveLength(2));
    // Edit Comments closed, and no dialog in its place.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('refuses more than 200 characters without a call', async () => {
    const { api, user } = await openList([SHIPMENT_ROWS.delivered]);
    await clickRowAction(user, 'LB0004', 'EDIT COMMENTS');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Comments' });
    await user.clear(within(dialog).getByLabelText('Comments'));
    await fillIn(user, within(dialog).getByLabelText('Comments'), 'x'.repeat(201));
    await user.click(within(dialog).getByRole('button', { name: 'CONFIRM' }));
    expect(await within(dialog).findByText(SHIPMENT_MESSAGES.commentsTooLong)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Comments')).toHaveAccessibleDescription(`${SHIPMENT_MESSAGES.commentsTooLong} 201/200`);
    expect(api.calls('/app/v1/updateShipmentDetail')).toHaveLength(0);
  });

  it("says ' Failure' when the server refuses", async () => {
    const { user } = await openList([SHIPMENT_ROWS.delivered], {
      '/app/v1/updateShipmentDetail': { body: { errorcode: 0, message: 'No such shipment' } },
    });
    await clickRowAction(user, 'LB0004', 'EDIT COMMENTS');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Comments' });
    await user.click(within(dialog).getByRole('button', { name: 'CONFIRM' }));
    expect(await alertSaying(SHIPMENT_MESSAGES.failure)).toBeInTheDocument();
  });
});

describe('Refund', () => {
  it("says 'This shipment cannot be refunded!' for a refused carrier status, without asking the server", async () => {
    const { api, user } = await openList([SHIPMENT_ROWS.unknownStatus]);
    await clickRowAction(user, 'LB0007', 'REFUND');
    expect(await alertSaying(SHIPMENT_MESSAGES.cannotRefund)).toBeInTheDocument();
    expect(api.calls('/openapi/easyPost/refund')).toHaveLength(0);
  });

  it('refuses a label past its refund window without asking the server', async () => {
    const old = shipmentRow({ orderNo: 'LB0008', createTime: new Date(Date.now() - 31 * 24 * 3600 * 1000).toISOString() });
    const { api, user } = await openList([old]);
    await clickRowAction(user, 'LB0008', 'REFUND');
    expect(await alertSaying(SHIPMENT_MESSAGES.refundWindowClosed)).toBeInTheDocument();
    expect(api.calls('/openapi/easyPost/refund')).toHaveLength(0);
  });

  it('asks first; CANCEL asks nothing, CONFIRM requests the refund and the row shows refund pending', async () => {
    let refunded = false;
    const pending = { ...SHIPMENT_ROWS.labelCreated, status_flag: '2' as const, refund_status: 'submitted' };
    const { api, user } = await openList([SHIPMENT_ROWS.labelCreated], {
      [LIST]: () => shipmentListAnswer([refunded ? pending : SHIPMENT_ROWS.labelCreated]),
      '/openapi/easyPost/refund': () => {
        refunded = true;
        return { body: { code: 0, errorcode: 0, message: 'ok', data: { refund_status: 'submitted', error: null } } };
      },
    });
    await clickRowAction(user, 'LB0002', 'REFUND');
    let question = await screen.findByRole('alertdialog', { name: 'REFUND' });
    expect(question).toHaveTextContent(SHIPMENT_MESSAGES.refundQuestion);
    await user.click(within(question).getByRole('button', { name: 'CANCEL' }));
    // The list is back within reach once the question has gone.
    const row = await waitFor(() => labelRowOf('LB0002'));
    expect(api.calls('/openapi/easyPost/refund')).toHaveLength(0);

    expect(row).toBeInTheDocument();
    await clickRowAction(user, 'LB0002', 'REFUND');
    question = await screen.findByRole('alertdialog', { name: 'REFUND' });
    await user.click(within(question).getByRole('button', { name: 'CONFIRM' }));
    // One message, the toast: no dialog to close.
    expect(await toastSaying(SHIPMENT_MESSAGES.refundRequested)).toBeInTheDocument();
    expect(Object.fromEntries(api.calls('/openapi/easyPost/refund')[0]?.fields ?? [])).toEqual({ id: '2' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(within(labelRowOf('LB0002')).getByText(shipmentStatus(pending))).toBeInTheDocument());
    expect(within(await openRowMenu(user, 'LB0002')).queryByRole('menuitem', { name: 'REFUND' })).not.toBeInTheDocument();
  });

  it.each([
    ['the carrier', 'The carrier has already scanned this label.'],
    ['a scheduled pickup', SHIPMENT_MESSAGES.refundPickupScheduled],
  ])("shows the server's message when it refuses the refund (code -1) for %s", async (_why, reason) => {
    const { user } = await openList([SHIPMENT_ROWS.labelCreated], {
      '/openapi/easyPost/refund': { body: { code: -1, errorcode: -1, message: reason, data: { refund_status: '', error: { message: reason } } } },
    });
    await clickRowAction(user, 'LB0002', 'REFUND');
    await user.click(within(await screen.findByRole('alertdialog', { name: 'REFUND' })).getByRole('button', { name: 'CONFIRM' }));
    expect(await alertSaying(reason)).toBeInTheDocument();
  });
});

describe('Shipment Label Details', () => {
  const saved = savedFilesOfEachTest();

  it('shows the label as an image and saves the PDF as label-ORDERNO.pdf', async () => {
    const { api, user } = await openList([SHIPMENT_ROWS.labelCreated], {
      '/app/v1/getShippingLabel': { body: { errorcode: 0, message: 'ok', data: 'iVBORw0KGgoAAAANSUhEUg==' } },
      '/app/v1/downloadLabelPdf': pdf('%PDF-1.7 label'),
    });
    await clickRowAction(user, 'LB0002', 'VIEW SHIPMENT LABEL');
    const dialog = await screen.findByRole('dialog', { name: 'Shipment Label Details' });
    const image = await within(dialog).findByRole('img', { name: 'Shipping label of order LB0002, tracking number 9400111899223344556677' });
    expect(image).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==');
    expect(api.calls('/app/v1/getShippingLabel')[0]?.fields.get('label_url')).toBe('label/1001.png');

    await user.click(within(dialog).getByRole('button', { name: 'DOWNLOAD PDF' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('label-LB0002.pdf');
    expect(await saved[0]?.file.text()).toBe('%PDF-1.7 label');
    expect(api.calls('/app/v1/downloadLabelPdf')[0]?.fields.get('shipmentId')).toBe('shp_2');
  });

  it("says why when the label cannot be had, and another customer's label reveals nothing", async () => {
    const { user } = await openList([SHIPMENT_ROWS.labelCreated], {
      '/app/v1/getShippingLabel': { body: { errorcode: -1, message: 'No such label.', data: '' } },
      '/app/v1/downloadLabelPdf': { status: 404, body: { errorcode: -1, message: 'No such label.' } },
    });
    await clickRowAction(user, 'LB0002', 'VIEW SHIPMENT LABEL');
    const dialog = await screen.findByRole('dialog', { name: 'Shipment Label Details' });
    expect(await within(dialog).findByText('No such label.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('img')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'DOWNLOAD PDF' }));
    expect(await alertSaying('No such label.')).toBeInTheDocument();
    expect(saved).toHaveLength(0);
  });
});

describe('Print', () => {
  const LABEL = { '/app/v1/getShippingLabel': { body: { errorcode: 0, message: 'ok', data: 'iVBORw0KGgoAAAANSUhEUg==' } } };
  let print: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
  });
  afterEach(() => print.mockRestore());

  /** The view only the printer sees, once it holds the label's image. */
  async function printView(orderNo: string) {
    const image = await waitFor(() => {
      const found = document.querySelector<HTMLImageElement>(`.${LABEL_PRINT_CLASS} img`);
      expect(found).not.toBeNull();
      return found!;
    });
    expect(image).toHaveAttribute('alt', `Shipping label of order ${orderNo}`);
    expect(image).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==');
    return image;
  }

  it("PRINT LABEL on a row opens the browser's print dialog for the 4×6 label once its image is in, and the view goes after printing", async () => {
    const { api, user } = await openList([SHIPMENT_ROWS.labelCreated], LABEL);
    await user.click(within(labelRowOf('LB0002')).getByRole('button', { name: 'PRINT LABEL, order LB0002' }));
    const image = await printView('LB0002');
    expect(print).not.toHaveBeenCalled();
    fireEvent.load(image);
    expect(print).toHaveBeenCalledTimes(1);
    expect(api.calls('/app/v1/getShippingLabel')[0]?.fields.get('label_url')).toBe('label/1001.png');
    // Printing shows the view alone (its 4 × 6 in page is checked in the browser: e2e). The
    // tests' style cache writes its rules into the style sheets' rule lists (test-style-cache).
    const printRules = [...document.styleSheets]
      .flatMap((sheet) => [...sheet.cssRules])
      .filter((rule) => rule instanceof CSSMediaRule && rule.media.mediaText === 'print')
      .flatMap((rule) => [...(rule as CSSMediaRule).cssRules] as CSSStyleRule[]);
    expect(printRules.map((rule) => rule.cssText)).toContain(`body>*:not(.${LABEL_PRINT_CLASS}) { display: none !important; }`);

    fireEvent(window, new Event('afterprint'));
    await waitFor(() => expect(document.querySelector(`.${LABEL_PRINT_CLASS}`)).toBeNull());
    // Printing again prints again.
    await user.click(within(labelRowOf('LB0002')).getByRole('button', { name: 'PRINT LABEL, order LB0002' }));
    fireEvent.load(await printView('LB0002'));
    expect(print).toHaveBeenCalledTimes(2);
  });

  it('prints from the purchase success note and from Shipment Label Details', async () => {
    signIn({ userId: 7 });
    shipmentsApi([SHIPMENT_ROWS.labelCreated], LABEL);
    const { user } = renderApp('/ShipmentParent/shipment?labelOrder=LB0002');
    const note = await screen.findByText('Your label for order LB0002 is ready.', undefined, { timeout: 15_000 });
    await user.click(within(note.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'PRINT LABEL' }));
    fireEvent.load(await printView('LB0002'));
    expect(print).toHaveBeenCalledTimes(1);
    fireEvent(window, new Event('afterprint'));

    await clickRowAction(user, 'LB0002', 'VIEW SHIPMENT LABEL');
    const dialog = await screen.findByRole('dialog', { name: 'Shipment Label Details' });
    await within(dialog).findByRole('img');
    await user.click(within(dialog).getByRole('button', { name: 'PRINT' }));
    fireEvent.load(await printView('LB0002'));
    expect(print).toHaveBeenCalledTimes(2);
  });

  it('says why when the label cannot be had, and prints nothing', async () => {
    const { user } = await openList([SHIPMENT_ROWS.labelCreated], {
      '/app/v1/getShippingLabel': { body: { errorcode: -1, message: 'No such label.', data: '' } },
    });
    await user.click(within(labelRowOf('LB0002')).getByRole('button', { name: 'PRINT LABEL, order LB0002' }));
    expect(await alertSaying('No such label.')).toBeInTheDocument();
    expect(document.querySelector(`.${LABEL_PRINT_CLASS}`)).toBeNull();
    expect(print).not.toHaveBeenCalled();
  });
});

describe('Invoice', () => {
  const saved = savedFilesOfEachTest();

  it("says 'This order has no invoice information!' when there is none", async () => {
    const { api, user } = await openList([SHIPMENT_ROWS.delivered], {
      '/app/v1/getInvoice': { body: { errorcode: -1, message: SHIPMENT_MESSAGES.noInvoice, invoiceUrl: '' } },
    });
    await clickRowAction(user, 'LB0004', 'DOWNLOAD INVOICE');
    expect(await alertSaying(SHIPMENT_MESSAGES.noInvoice)).toBeInTheDocument();
    expect(api.calls('/app/v1/getInvoice')[0]?.fields.get('shippingIndexID')).toBe('4');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('offers VIEW INVOICE in a new tab and DOWNLOAD PDF as invoice-ORDERNO.pdf', async () => {
    const { api, user } = await openList([SHIPMENT_ROWS.delivered], {
      '/app/v1/getInvoice': { body: { errorcode: 0, message: 'ok', invoiceUrl: '/app/v1/invoice/abc123' } },
      '/app/v1/downloadInvoice': pdf('%PDF-1.7 invoice'),
    });
    await clickRowAction(user, 'LB0004', 'DOWNLOAD INVOICE');
    const menu = await screen.findByRole('menu', { name: 'Invoice of order LB0004' });
    const view = within(menu).getByRole('menuitem', { name: 'VIEW INVOICE' });
    expect(view).toHaveAttribute('href', `${window.location.origin}/app/v1/invoice/abc123`);
    expect(view).toHaveAttribute('target', '_blank');
    await user.click(within(menu).getByRole('menuitem', { name: 'DOWNLOAD PDF' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('invoice-LB0004.pdf');
    expect(await saved[0]?.file.text()).toBe('%PDF-1.7 invoice');
    expect(api.calls('/app/v1/downloadInvoice')[0]?.fields.get('shippingIndexID')).toBe('4');
  });

  it('never offers to open an invoice address that is not a web page', async () => {
    const { user } = await openList([SHIPMENT_ROWS.delivered], {
      '/app/v1/getInvoice': { body: { errorcode: 0, message: 'ok', invoiceUrl: 'javascript:alert(1)' } },
    });
    await clickRowAction(user, 'LB0004', 'DOWNLOAD INVOICE');
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: 'VIEW INVOICE' })).not.toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'DOWNLOAD PDF' })).toBeInTheDocument();
  });
});

describe('Shipment Order Details', () => {
  it('shows addresses, carrier and service, the tracking events, the parcel and the price', async () => {
    const { api, user } = await openList([SHIPMENT_ROWS.inTransit], {
      '/app/v1/getShipmentDetail': { body: { errorcode: 0, message: 'ok', data: shipmentDetail() } },
    });
    await clickRowAction(user, 'LB0003', 'DETAILS');
    const dialog = await screen.findByRole('dialog', { name: 'Shipment Order Details' });
    await within(dialog).findByText('LB0003');
    expectTexts(dialog, [
      'Reyes Bakery',
      '(415) 555-0134',
      'Austin, TX 73301',
      'USPS',
      'USPS Priority Mail',
      '2 days',
      // The ship date chosen on the Rates step and the day its rate promised.
      'Fri, Nov 20',
      'Tue, Nov 24',
      '9400111899223344556677',
      'Departed USPS facility, Oakland CA',
      'Shipping label created',
      '12 × 10 × 6 in',
      '2.5 lb',
      '$12.75',
      '$1.00',
      '-$0.50',
      '$13.25',
      'paid',
      'Handle with care',
    ]);
    const events = within(within(dialog).getByRole('list', { name: 'Tracking events' })).getAllByRole('listitem');
    expect(events[0]).toHaveTextContent('Departed USPS facility');
    expect(Object.fromEntries(api.calls('/app/v1/getShipmentDetail')[0]?.fields ?? [])).toEqual({ shipmentID: 'shp_1001', shipmentIndexID: '3' });
  });

  it("says ' ShipmentID expired' when the shipment cannot be had", async () => {
    const { user } = await openList([SHIPMENT_ROWS.inTransit], {
      '/app/v1/getShipmentDetail': { body: { errorcode: -1, message: 'No such shipment.' } },
    });
    await clickRowAction(user, 'LB0003', 'DETAILS');
    expect(await alertSaying(SHIPMENT_MESSAGES.shipmentExpired)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Shipment Order Details' })).not.toBeInTheDocument();
  });
});

describe('Label formats (issue 23 item 4)', () => {
  const saved = savedFilesOfEachTest();
  const LABEL = { '/app/v1/getShippingLabel': { body: { errorcode: 0, message: 'ok', data: 'iVBORw0KGgoAAAANSUhEUg==' } } };
  const kept = (labelFormat: string) => ({ '/app/v1/labelFormat': { body: { errorcode: 0, message: 'success', labelFormat } } });
  const file = (text: string, type: string) => () => new Response(text, { headers: { 'Content-Type': type } });
  let print: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
  });
  afterEach(() => print.mockRestore());

  it("opens Shipment Label Details in the customer's format, and downloads another picked for this label", async () => {
    const { api, user } = await openList([SHIPMENT_ROWS.labelCreated], {
      ...LABEL,
      ...kept('png-4x6'),
      '/app/v1/downloadLabelPdf': (request) =>
        request.fields.get('format') === 'zpl' ? file('^XA^FDlabel^FS^XZ', 'application/zpl')() : file('\x89PNG label', 'image/png')(),
    });
    await clickRowAction(user, 'LB0002', 'VIEW SHIPMENT LABEL');
    const dialog = await screen.findByRole('dialog', { name: 'Shipment Label Details' });
    await within(dialog).findByRole('img');
    await user.click(await within(dialog).findByRole('button', { name: 'DOWNLOAD PNG' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('label-LB0002.png');

    await user.click(within(dialog).getByRole('combobox', { name: 'Label format' }));
    await user.click(await screen.findByRole('option', { name: 'ZPL for thermal printers' }));
    await user.click(within(dialog).getByRole('button', { name: 'DOWNLOAD ZPL' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]?.name).toBe('label-LB0002.zpl');
    expect(await saved[1]?.file.text()).toBe('^XA^FDlabel^FS^XZ');
    expect(api.calls('/app/v1/downloadLabelPdf').map((sent) => Object.fromEntries(sent.fields))).toEqual([
      { shipmentId: 'shp_2', format: 'png-4x6' },
      { shipmentId: 'shp_2', format: 'zpl' },
    ]);
  });

  it('downloads two labels on one 8.5×11 sheet: the one chosen for the bottom half sent as alsoShipmentId', async () => {
    const { api, user } = await openList([SHIPMENT_ROWS.labelCreated, SHIPMENT_ROWS.inTransit, SHIPMENT_ROWS.refunded], {
      ...LABEL,
      ...kept('pdf-letter'),
      '/app/v1/downloadLabelPdf': file('%PDF-1.3 sheet', 'application/pdf'),
    });
    await clickRowAction(user, 'LB0002', 'VIEW SHIPMENT LABEL');
    const dialog = await screen.findByRole('dialog', { name: 'Shipment Label Details' });
    const bottom = await within(dialog).findByRole('combobox', { name: 'Bottom half of the sheet' });
    expect(bottom).toHaveTextContent('Leave it blank');
    await user.click(bottom);
    // Only the other labels that have one to print (not the refunded one).
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Leave it blank', expect.stringMatching(/^Order LB0003/)]);
    await user.click(options[1]!);
    await user.click(within(dialog).getByRole('button', { name: 'DOWNLOAD PDF' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('label-LB0002-letter.pdf');
    expect(Object.fromEntries(api.calls('/app/v1/downloadLabelPdf')[0]!.fields)).toEqual({ shipmentId: 'shp_2', format: 'pdf-letter', alsoShipmentId: SHIPMENT_ROWS.inTransit.shipmentID });

    // Another format leaves the sheet's choice out.
    await user.click(within(dialog).getByRole('combobox', { name: 'Label format' }));
    await user.click(await screen.findByRole('option', { name: '4×6 PDF' }));
    expect(within(dialog).queryByRole('combobox', { name: 'Bottom half of the sheet' })).not.toBeInTheDocument();
  });

  it('prints on a letter sheet of two for the 8.5×11 format: the label sideways in the top half', async () => {
    const { api, user } = await openList([SHIPMENT_ROWS.labelCreated], { ...LABEL, ...kept('pdf-letter') });
    await waitFor(() => expect(api.calls('/app/v1/labelFormat')).toHaveLength(1));
    await user.click(within(labelRowOf('LB0002')).getByRole('button', { name: 'PRINT LABEL, order LB0002' }));
    const image = await waitFor(() => document.querySelector<HTMLImageElement>(`.${LABEL_PRINT_CLASS} img`)!);
    fireEvent.load(image);
    expect(print).toHaveBeenCalledTimes(1);
    // The sheet's page size and the turned label are checked in the browser (e2e); here, the view says which sheet it draws.
    expect(document.querySelector(`.${LABEL_PRINT_CLASS}`)).toHaveAttribute('data-sheet', 'letter');
  });

  it('saves the ZPL file for the thermal printer when the format is ZPL, instead of the browser’s print dialog', async () => {
    const { api, user } = await openList([SHIPMENT_ROWS.labelCreated], { ...LABEL, ...kept('zpl'), '/app/v1/downloadLabelPdf': file('^XA^XZ', 'application/zpl') });
    await waitFor(() => expect(api.calls('/app/v1/labelFormat')).toHaveLength(1));
    await user.click(within(labelRowOf('LB0002')).getByRole('button', { name: 'PRINT LABEL, order LB0002' }));
    expect(await toastSaying('label-LB0002.zpl is saved: send it to your thermal printer.')).toBeInTheDocument();
    expect(saved.map((one) => one.name)).toEqual(['label-LB0002.zpl']);
    expect(print).not.toHaveBeenCalled();
  });
});

describe('Ship again (issue 23 item 5)', () => {
  it("links every label's menu and its details to the label page pre-filled from it", async () => {
    const { user } = await openList([SHIPMENT_ROWS.delivered], { '/app/v1/getShipmentDetail': { body: { errorcode: 0, message: 'success', data: shipmentDetail() } } });
    const menu = await openRowMenu(user, 'LB0004');
    const link = within(menu).getByRole('menuitem', { name: 'SHIP AGAIN' });
    const param = /[?&]param=([^&]*)/.exec(link.getAttribute('href')!)?.[1];
    expect(decodeLabelPurchaseParam(param)).toMatchObject({ userId: 7, shipAgainId: SHIPMENT_ROWS.delivered.shippingIndexID });
    await user.keyboard('{Escape}');
    await clickRowAction(user, 'LB0004', 'DETAILS');
    const dialog = await screen.findByRole('dialog', { name: 'Shipment Order Details' });
    expect(within(dialog).getByRole('link', { name: 'SHIP AGAIN' })).toHaveAttribute('href', link.getAttribute('href'));
  });
});
