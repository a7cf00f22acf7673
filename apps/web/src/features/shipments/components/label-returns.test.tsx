import { decodeLabelPurchaseParam, LABEL_RETURN_MESSAGES } from '@airbox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SHIPMENT_ROWS, shipmentRow } from '../../../testing/fixtures';
import { fillIn, labelRowOf, renderApp, shipmentsApi, signIn, toastSaying } from '../../../testing/test-utils';
import { LABEL_RETURNS_TEXT } from './label-returns';

/*
 * Issue 23 items 2 and 3 on Purchased Labels: a QR-code label's row shows its QR code; a bought
 * label's menu opens its return on the label page; a return label says which order it returns and
 * is mailed to whoever sends it back (the address checked by the form, the copy asked for).
 */

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==';
const RETURN_ROW = shipmentRow({ shippingIndexID: 31, orderNo: 'LB0031', shipmentID: 'shp_31', returnOf: 'LB0004', qrCode: true });

async function menuOf(user: ReturnType<typeof renderApp>['user'], orderNo: string) {
  await user.click(within(labelRowOf(orderNo)).getByRole('button', { name: `More actions, order ${orderNo}` }));
  return screen.findByRole('menu', { name: `Actions, order ${orderNo}` });
}

describe('Purchased Labels: QR-code labels and return labels', () => {
  it('shows a QR-code label’s QR code from its row, and names the order a return label returns', async () => {
    signIn({ userId: 7 });
    const api = shipmentsApi([RETURN_ROW], { '/app/v1/getLabelQrCode': { body: { errorcode: 0, message: 'success', data: PNG } } });
    const { user } = renderApp('/ShipmentParent/shipment');
    await screen.findByRole('table', { name: 'Purchased Labels' }, { timeout: 15_000 });
    const row = await waitFor(() => labelRowOf('LB0031'));
    expect(within(row).getByText(LABEL_RETURNS_TEXT.returnOf('LB0004'))).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: `${LABEL_RETURNS_TEXT.showQr} of order LB0031` }));
    const dialog = await screen.findByRole('dialog', { name: LABEL_RETURNS_TEXT.qrTitle });
    expect(within(dialog).getByText(`Order LB0031. ${LABEL_RETURNS_TEXT.qrNote}.`)).toBeInTheDocument();
    const image = await within(dialog).findByRole('img', { name: LABEL_RETURNS_TEXT.qrAlt('LB0031', RETURN_ROW.trackingNum) });
    expect(image).toHaveAttribute('src', `data:image/png;base64,${PNG}`);
    expect(api.calls('/app/v1/getLabelQrCode')[0]?.fields.get('shippingIndexID')).toBe('31');
  });

  it('opens the return of a delivered label on the label page, from its menu', async () => {
    signIn({ userId: 7 });
    shipmentsApi([SHIPMENT_ROWS.delivered]);
    const { user } = renderApp('/ShipmentParent/shipment');
    await screen.findByRole('table', { name: 'Purchased Labels' }, { timeout: 15_000 });
    await waitFor(() => labelRowOf('LB0004'));
    const menu = await menuOf(user, 'LB0004');
    const link = within(menu).getByRole('menuitem', { name: 'CREATE RETURN LABEL' });
    const href = link.getAttribute('href')!;
    const param = decodeLabelPurchaseParam(decodeURIComponent(/param=([^&]+)/.exec(href)![1]!));
    expect(param).toMatchObject({ userId: 7, returnOfId: 4 });
    expect(within(menu).queryByRole('menuitem', { name: 'SEND RETURN LABEL' })).not.toBeInTheDocument();
  });

  it('mails a return label to the address typed, with a copy, and says so; a bad address is refused by the form', async () => {
    signIn({ userId: 7 });
    const api = shipmentsApi([RETURN_ROW], { '/app/v1/labelPurchase/sendReturnLabel': { body: { errorcode: 0, message: LABEL_RETURN_MESSAGES.sent('sam@example.com') } } });
    const { user } = renderApp('/ShipmentParent/shipment');
    await screen.findByRole('table', { name: 'Purchased Labels' }, { timeout: 15_000 });
    await waitFor(() => labelRowOf('LB0031'));
    const menu = await menuOf(user, 'LB0031');
    expect(within(menu).queryByRole('menuitem', { name: 'CREATE RETURN LABEL' })).not.toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'SEND RETURN LABEL' }));
    const dialog = await screen.findByRole('dialog', { name: LABEL_RETURNS_TEXT.sendTitle });
    const email = within(dialog).getByLabelText(new RegExp(LABEL_RETURNS_TEXT.email));
    await waitFor(() => expect(email).toHaveFocus());
    await fillIn(user, email, 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'CONFIRM' }));
    expect(await within(dialog).findByText(LABEL_RETURN_MESSAGES.emailRequired)).toBeInTheDocument();
    expect(api.calls('/app/v1/labelPurchase/sendReturnLabel')).toHaveLength(0);
    await user.clear(email);
    await user.type(email, 'sam@example.com');
    await user.click(within(dialog).getByRole('checkbox', { name: LABEL_RETURNS_TEXT.copyMe }));
    await user.click(within(dialog).getByRole('button', { name: 'CONFIRM' }));
    await toastSaying(LABEL_RETURN_MESSAGES.sent('sam@example.com'));
    expect(api.calls('/app/v1/labelPurchase/sendReturnLabel')[0]?.json).toEqual({ id: 31, email: 'sam@example.com', copyMe: true });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: LABEL_RETURNS_TEXT.sendTitle })).not.toBeInTheDocument());
  });
});
