import { encodeLabelPurchaseParam, LABEL_RETURN_MESSAGES } from '@airbox/contract';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { myAddress, unpaidLabel } from '../../../testing/fixtures';
import { mockApi, renderApp, signIn, watchLeavingForPayment } from '../../../testing/test-utils';
import { QR_CODE_CHOICE_TEXT } from './qr-code-choice';

let leaveFor: ReturnType<typeof watchLeavingForPayment>;
beforeEach(() => {
  leaveFor = watchLeavingForPayment();
  localStorage.clear();
});

/*
 * Issue 23 items 2 and 3 on the label page: a QR code to show at the counter chosen at Review and
 * pay where the carrier makes one (USPS), not offered for another; a return label opened from a
 * bought label, its addresses swapped, rated as a return (returnOf) and paid as any label.
 */

const ok = { code: 0, errorcode: 0, message: 'ok' };
const RATES = [
  { rateId: 'rate_usps', carrier: 'USPS', service: 'GroundAdvantage', rate: '7.45', retailRate: '8.00', deliveryDays: 5, cheapest: true, fastest: false },
  { rateId: 'rate_fedex', carrier: 'FedEx', service: 'FEDEX_2_DAY', rate: '24.90', retailRate: '26.00', deliveryDays: 2, cheapest: false, fastest: true },
];
const label = unpaidLabel();
const RETURNED = { id: 41, orderNo: 'AB2611150000041', from: label.from, to: label.to, parcel: label.parcel, insuredValue: '0.00', carrier: 'USPS', service: 'GroundAdvantage' };

function api() {
  return mockApi({
    '/openapi/easyPost/getMyAddress': { body: { ...ok, data: [myAddress()] } },
    '/openapi/easyPost/getUserShipmentAddress': { body: { ...ok, total: 0, data: [] } },
    '/openapi/easyPost/validateAddress': { body: { ...ok, data: { result: 1, addrId: 'adr_1', suggestion: null, reasons: [] } } },
    '/app/v1/carrierServiceRenaming': { body: { errorcode: 0, message: 'ok', data: [] } },
    '/app/v1/labelPurchase/shipAgain': { body: { errorcode: 0, message: 'success', data: RETURNED } },
    '/app/v1/labelPurchase/rates': { body: { errorcode: 0, message: 'ok', data: { draftId: 57, rates: RATES, insurance: '0.00', messages: [] } } },
    '/app/v1/labelPurchase/buy': { body: { errorcode: 1, message: 'ok', redirectURL: 'https://pay.example/approve?token=ret' } },
  });
}

const returnPage = () => `/shipment/#/Shipment/shipmentRate?param=${encodeLabelPurchaseParam({ boxId: '1234567', userId: 7, returnOfId: 41 })}`;

describe('return labels and QR-code labels on the label page', () => {
  it('opens a return of a bought label with the addresses swapped, rates it as a return, and pays for a QR code chosen by keyboard', async () => {
    signIn({ userId: 7 });
    const calls = api();
    const { user } = renderApp(returnPage());
    await screen.findByRole('heading', { level: 2, name: 'Rates' });
    expect(screen.getByText(LABEL_RETURN_MESSAGES.returnNotice('AB2611150000041'))).toBeInTheDocument();
    expect(calls.calls('/app/v1/labelPurchase/shipAgain')[0]?.fields.get('id')).toBe('41');
    // The outbound label's recipient sends the return; its sender gets it back.
    expect(calls.calls('/app/v1/labelPurchase/rates')[0]?.json).toMatchObject({
      from: { firstName: 'Rosa', address1: '12 Elm St', city: 'Austin' },
      to: { firstName: 'Dana', address1: '742 Valencia St', city: 'San Francisco' },
      returnOf: 41,
    });
    expect(await screen.findByRole('radio', { name: /USPS/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Review and pay' });
    expect(screen.getByText(LABEL_RETURN_MESSAGES.returnReview('AB2611150000041'))).toBeInTheDocument();
    expect(screen.getByText(LABEL_RETURN_MESSAGES.chargedAtPurchase, { exact: false })).toBeInTheDocument();
    const printed = screen.getByRole('radio', { name: QR_CODE_CHOICE_TEXT.printed });
    expect(printed).toBeChecked();
    printed.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: QR_CODE_CHOICE_TEXT.qr })).toBeChecked();
    expect(screen.getByText(QR_CODE_CHOICE_TEXT.qrHelp)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Pay \$/ }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('https://pay.example/approve?token=ret'));
    expect(calls.calls('/app/v1/labelPurchase/buy')[0]?.json).toMatchObject({ draftId: 57, rateId: 'rate_usps', qrCode: true });
  });

  it('offers no QR code for a carrier without one, and sends none', async () => {
    signIn({ userId: 7 });
    const calls = api();
    const { user } = renderApp(returnPage());
    await screen.findByRole('heading', { level: 2, name: 'Rates' });
    await user.click(await screen.findByRole('radio', { name: /FedEx/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Review and pay' });
    expect(screen.queryByRole('radio', { name: QR_CODE_CHOICE_TEXT.qr })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Pay \$/ }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalled());
    expect(calls.calls('/app/v1/labelPurchase/buy')[0]?.json).not.toHaveProperty('qrCode');
  });

  it('says when the label to return is not the customer’s, and starts empty', async () => {
    signIn({ userId: 7 });
    mockApi({
      '/openapi/easyPost/getMyAddress': { body: { ...ok, data: [myAddress()] } },
      '/app/v1/labelPurchase/shipAgain': { body: { errorcode: 0, message: 'success', data: null } },
    });
    renderApp(returnPage());
    expect(await screen.findByText(LABEL_RETURN_MESSAGES.returnNotFound)).toBeInTheDocument();
  });
});
