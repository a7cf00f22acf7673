import { OPENAPI_CODE, SHIPMENT_MESSAGES, decodeLabelPurchaseParam, type SavedOrder, type UnpaidLabel } from '@airbox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { savedOrder, unpaidLabel } from '../../../testing/fixtures';
import { mockApi, renderApp, signIn } from '../../../testing/test-utils';
import { SAVED_ORDERS_HEADING } from './orders-in-progress';
import { UNPAID_LABEL_TEXT } from './unpaid-labels';

const ORDERS = '/openapi/easyPost/getOrderForLater';
const answer = (data: SavedOrder[]) => ({ body: { code: OPENAPI_CODE.ok, errorcode: OPENAPI_CODE.ok, message: 'ok', data } });

const UNPAID = '/app/v1/labelPurchase/unpaid';
const unpaidAnswer = (data: UnpaidLabel[]) => ({ body: { errorcode: 0, message: 'ok', data } });

const rowOf = (name: RegExp) => screen.getByRole('row', { name });

async function openOrders(handlers: Parameters<typeof mockApi>[0]) {
  signIn({ userId: 7 });
  const api = mockApi(handlers);
  const view = renderApp('/ShipmentParent/MyOrder');
  // The first screen of a file loads its code first: slow on a busy machine.
  await screen.findByRole('table', { name: 'Orders In Progress' }, { timeout: 15_000 });
  return { api, ...view };
}

describe('Orders In Progress', () => {
  it('lists each order: date, parcel in inches and lbs, sender and recipient with phones as (xxx) xxx-xxxx, comments', async () => {
    const { api } = await openOrders({ [ORDERS]: answer([savedOrder()]) });
    const row = await waitFor(() => rowOf(/Cookies for the holidays/));
    for (const text of [
      '12 × 10 × 6 in',
      '3 lb',
      'Dana Reyes',
      'San Francisco, CA 94110',
      '(415) 555-0134',
      'Rosa Reyes',
      'Reyes Bakery',
      'Apt 4',
      'Austin, TX 73301',
      '(512) 555-0199',
    ]) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    expect(api.calls(ORDERS)[0]?.fields.get('userId')).toBe('7');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Date Created',
      'Package',
      'Sender',
      'Recipient',
      'Comments',
      'Actions',
    ]);
  });

  it("says 'There are currently no ongoing orders' and still offers Buy Shipment Labels", async () => {
    await openOrders({ [ORDERS]: answer([]) });
    expect(await screen.findByText(SHIPMENT_MESSAGES.noOrders)).toBeInTheDocument();
    const href = screen.getByRole('link', { name: 'Buy Shipment Labels' }).getAttribute('href') ?? '';
    expect(decodeLabelPurchaseParam(href.split('?param=')[1])).toEqual({ boxId: '1234567', userId: 7 });
  });

  it('CONTINUE PURCHASE goes to the label purchase page with the order id', async () => {
    await openOrders({ [ORDERS]: answer([savedOrder({ id: 41 })]) });
    const row = await waitFor(() => rowOf(/Cookies for the holidays/));
    const link = within(row).getByRole('link', { name: /^CONTINUE PURCHASE/ });
    const href = link.getAttribute('href') ?? '';
    expect(href.startsWith('/app/shipment/#/Shipment/shipmentRate?param=')).toBe(true);
    expect(decodeLabelPurchaseParam(href.split('?param=')[1])).toEqual({ boxId: '1234567', userId: 7, OrderId: 41 });
  });

  it("asks before deleting: CANCEL keeps the order, CONFIRM deletes it, says 'success' of that order in a toast and reloads", async () => {
    let deleted = false;
    const { api, user } = await openOrders({
      [ORDERS]: () => answer(deleted ? [] : [savedOrder({ id: 41 })]),
      '/openapi/easyPost/deleteOrderForLater': () => {
        deleted = true;
        return { body: { code: OPENAPI_CODE.ok, errorcode: OPENAPI_CODE.ok, message: 'success' } };
      },
    });
    let row = await waitFor(() => rowOf(/Cookies for the holidays/));
    await user.click(within(row).getByRole('button', { name: /^DELETE/ }));
    let question = await screen.findByRole('alertdialog');
    expect(question).toHaveTextContent(SHIPMENT_MESSAGES.deleteOrderQuestion);
    await user.click(within(question).getByRole('button', { name: 'CANCEL' }));
    row = await waitFor(() => rowOf(/Cookies for the holidays/));
    expect(api.calls('/openapi/easyPost/deleteOrderForLater')).toHaveLength(0);

    await user.click(within(row).getByRole('button', { name: /^DELETE/ }));
    question = await screen.findByRole('alertdialog');
    await user.click(within(question).getByRole('button', { name: 'CONFIRM' }));
    // The spec's 'success', said of the order that is gone, in the toast.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/^success: the order to Rosa Reyes of .*2026.* was deleted\.$/));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('/openapi/easyPost/deleteOrderForLater')[0]?.json).toEqual({ id: 41 });
    expect(await screen.findByText(SHIPMENT_MESSAGES.noOrders)).toBeInTheDocument();
  });

  it("shows the server's message when the order is not the customer's (code -1)", async () => {
    const { user } = await openOrders({
      [ORDERS]: answer([savedOrder({ id: 99 })]),
      '/openapi/easyPost/deleteOrderForLater': { body: { code: OPENAPI_CODE.error, errorcode: OPENAPI_CODE.error, message: 'No such order.' } },
    });
    const row = await waitFor(() => rowOf(/Cookies for the holidays/));
    await user.click(within(row).getByRole('button', { name: /^DELETE/ }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'CONFIRM' }));
    await waitFor(() => expect(screen.getByRole('dialog')).toHaveTextContent('No such order.'));
  });

  describe('unpaid labels', () => {
    it('lists them apart above the saved orders: service, recipient, total, PAY to the Review step', async () => {
      const { api } = await openOrders({ [ORDERS]: answer([savedOrder()]), [UNPAID]: unpaidAnswer([unpaidLabel()]) });
      const table = await screen.findByRole('table', { name: UNPAID_LABEL_TEXT.heading });
      expect(screen.getByRole('heading', { level: 2, name: UNPAID_LABEL_TEXT.heading })).toBeInTheDocument();
      expect(screen.getByText(UNPAID_LABEL_TEXT.explanation)).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 2, name: SAVED_ORDERS_HEADING })).toBeInTheDocument();
      const row = within(table).getByRole('row', { name: /AB2611200000088/ });
      for (const text of ['UPS Ground', 'Rosa Reyes', '12 Elm St', 'Austin, TX 73301', '$12.70']) expect(within(row).getByText(text)).toBeInTheDocument();
      const pay = within(row).getByRole('link', { name: 'PAY, order AB2611200000088' });
      expect(decodeLabelPurchaseParam(pay.getAttribute('href')?.split('?param=')[1])).toEqual({ boxId: '1234567', userId: 7, unpaidLabelId: 88 });
      expect(api.calls(UNPAID)).toHaveLength(1);
    });

    it('DELETE asks first, deletes the label, says so and lists it no more', async () => {
      let deleted = false;
      const { api, user } = await openOrders({
        [ORDERS]: answer([]),
        [UNPAID]: () => unpaidAnswer(deleted ? [] : [unpaidLabel()]),
        '/app/v1/labelPurchase/deleteUnpaid': () => {
          deleted = true;
          return { body: { errorcode: 0, message: UNPAID_LABEL_TEXT.deleted } };
        },
      });
      const table = await screen.findByRole('table', { name: UNPAID_LABEL_TEXT.heading });
      await user.click(within(table).getByRole('button', { name: 'DELETE, order AB2611200000088' }));
      const question = await screen.findByRole('alertdialog');
      expect(question).toHaveTextContent(UNPAID_LABEL_TEXT.deleteQuestion);
      await user.click(within(question).getByRole('button', { name: 'CONFIRM' }));
      await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(UNPAID_LABEL_TEXT.deleted));
      expect(api.calls('/app/v1/labelPurchase/deleteUnpaid')[0]?.json).toEqual({ id: 88 });
      await waitFor(() => expect(screen.queryByRole('table', { name: UNPAID_LABEL_TEXT.heading })).not.toBeInTheDocument());
      expect(screen.queryByRole('heading', { name: SAVED_ORDERS_HEADING })).not.toBeInTheDocument();
    });

    it("says why a delete is refused, and offers neither PAY nor DELETE while PayPal confirms a label's payment", async () => {
      const { user } = await openOrders({
        [ORDERS]: answer([]),
        [UNPAID]: unpaidAnswer([unpaidLabel(), unpaidLabel({ id: 89, orderNo: 'AB2611200000089', payment: 'confirming' })]),
        '/app/v1/labelPurchase/deleteUnpaid': { status: 409, body: { errorcode: -1, message: 'This label is no longer unpaid: it was paid or deleted.' } },
      });
      const table = await screen.findByRole('table', { name: UNPAID_LABEL_TEXT.heading });
      const confirming = within(table).getByRole('row', { name: /AB2611200000089/ });
      expect(confirming).toHaveTextContent(UNPAID_LABEL_TEXT.confirming);
      expect(within(confirming).queryByRole('link')).not.toBeInTheDocument();
      expect(within(confirming).queryByRole('button')).not.toBeInTheDocument();
      await user.click(within(table).getByRole('button', { name: 'DELETE, order AB2611200000088' }));
      await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'CONFIRM' }));
      await waitFor(() => expect(screen.getByRole('dialog')).toHaveTextContent('This label is no longer unpaid: it was paid or deleted.'));
    });
  });
});
