import { SCAN_FORM_MESSAGES, type ScanForm } from '@airbox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { shipmentRow } from '../../../testing/fixtures';
import { alertSaying, labelRowOf, renderApp, savedFilesOfEachTest, shipmentsApi, signIn, toastSaying } from '../../../testing/test-utils';
import { SELECTED_LABELS_TEXT } from './selected-labels-bar';

/** CREATE SCAN FORM and the Scan forms list of Purchased Labels (issue 25 item 2). */

const FIRST = shipmentRow({ shippingIndexID: 11, shippingdetails_id: 11, orderNo: 'LB0011' });
const SECOND = shipmentRow({ shippingIndexID: 12, shippingdetails_id: 12, orderNo: 'LB0012' });
const SCANNED = shipmentRow({ shippingIndexID: 13, shippingdetails_id: 13, orderNo: 'LB0013', easypostStatus: 'in_transit' });

const FORM: ScanForm = {
  id: 5,
  scanFormId: 'sf_5',
  status: 'created',
  createdAt: '2026-11-25T15:00:00Z',
  shipDate: '2026-11-25',
  fromAddress: 'Casey Demo, 1 Main St, San Francisco, CA 94103',
  labels: [
    { shippingdetails_id: 11, orderNo: 'LB0011', trackingNum: '9400111899223344556677', refunded: false },
    { shippingdetails_id: 12, orderNo: 'LB0012', trackingNum: '9400111899223344556678', refunded: false },
  ],
  note: '',
};

const saved = savedFilesOfEachTest();

describe('Purchased Labels: one scan form for the chosen USPS labels', { timeout: 60_000 }, () => {
  it('makes it after a question, with the labels’ ids, lists it under Scan forms and saves its PDF', async () => {
    signIn({ userId: 7 });
    let made = false;
    const api = shipmentsApi([FIRST, SECOND, SCANNED], {
      '/app/v1/scanForms/create': { body: { errorcode: 0, message: SCAN_FORM_MESSAGES.created(2), data: FORM } },
      '/app/v1/scanForms/list': () => ({ body: { errorcode: 0, message: 'ok', data: made ? { total: 1, list: [FORM] } : { total: 0, list: [] } } }),
      '/app/v1/scanForms/download': () => new Response('%PDF-1.4 scan form', { headers: { 'Content-Type': 'application/pdf' } }),
    });
    const { user } = renderApp('/ShipmentParent/shipment');
    await waitFor(() => labelRowOf('LB0013'), { timeout: 30_000 });
    expect(await screen.findByText(/No scan forms yet/)).toBeInTheDocument();

    // No boxes until the customer chooses to choose.
    expect(screen.queryByRole('checkbox', { name: 'Choose order LB0011' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: SELECTED_LABELS_TEXT.choose }));
    expect(screen.getByRole('region', { name: 'Chosen labels' })).toHaveTextContent(SELECTED_LABELS_TEXT.hint);
    // A label the carrier has scanned is past its scan form: no box.
    expect(within(labelRowOf('LB0013')).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'CREATE SCAN FORM' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Choose every USPS label on this page' }));
    expect(screen.getByRole('checkbox', { name: 'Choose order LB0011' })).toBeChecked();
    const chosen = screen.getByRole('region', { name: 'Chosen labels' });
    expect(chosen).toHaveTextContent('2 USPS labels chosen');
    await user.click(within(chosen).getByRole('button', { name: 'CREATE SCAN FORM' }));
    expect(await alertSaying(SELECTED_LABELS_TEXT.scanFormQuestion(2))).toBeInTheDocument();
    expect(api.calls('/app/v1/scanForms/create')).toHaveLength(0);
    made = true;
    await user.click(screen.getByRole('button', { name: 'CONFIRM' }));

    expect(await toastSaying(SCAN_FORM_MESSAGES.created(2))).toBeInTheDocument();
    expect(api.calls('/app/v1/scanForms/create')[0]?.json).toEqual({ shipmentIds: [11, 12] });
    // Made: the customer stops choosing.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Chosen labels' })).not.toBeInTheDocument());
    const forms = await screen.findByRole('list', { name: 'Scan forms' });
    const form = within(forms).getByRole('listitem');
    expect(form).toHaveTextContent('Scan form #5');
    expect(form).toHaveTextContent('Ship date 2026-11-25 · 2 labels · from Casey Demo, 1 Main St');
    expect(form).toHaveTextContent('Ready');
    await user.click(within(form).getByRole('button', { name: 'DOWNLOAD Scan form #5' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('scan-form-5.pdf');
    expect(await saved[0]?.file.text()).toBe('%PDF-1.4 scan form');
    expect(api.calls('/app/v1/scanForms/download')[0]?.fields.get('id')).toBe('5');
  });

  it('says the refusal naming the labels word for word, and keeps them chosen', async () => {
    signIn({ userId: 7 });
    const refusal = SCAN_FORM_MESSAGES.refused([`Order LB0011: ${SCAN_FORM_MESSAGES.onScanForm(4)}`]);
    shipmentsApi([FIRST, SECOND], { '/app/v1/scanForms/create': { body: { errorcode: -1, message: refusal, data: { ...FORM, id: 0, labels: [] } } } });
    const { user } = renderApp('/ShipmentParent/shipment');
    await waitFor(() => labelRowOf('LB0011'), { timeout: 30_000 });
    await user.click(screen.getByRole('button', { name: SELECTED_LABELS_TEXT.choose }));
    await user.click(screen.getByRole('checkbox', { name: 'Choose order LB0011' }));
    await user.click(screen.getByRole('button', { name: 'CREATE SCAN FORM' }));
    await user.click(await screen.findByRole('button', { name: 'CONFIRM' }));
    expect(await alertSaying(refusal)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('region', { name: 'Chosen labels' })).toHaveTextContent('1 USPS label chosen');
  });
});
