import { LABEL_FILE_ERRORCODE, type ShipmentRow, shipmentActions, shipmentStatus } from '@airbox/contract';
import { describe, expect, it } from 'vitest';
import { pdfText } from './pdf-text.js';
import { carrierCommand } from '../src/cli/carrier.js';
import type { SimulatorCarriersProvider } from '../src/providers/carriers/simulator-carriers-provider.js';
import { postForm, signIn, useTestApp, useTestDatabase } from './helper.js';

const database = useTestDatabase();
const t = useTestApp(database, { seedDemoData: true });

describe('the demo customer’s account screens', () => {
  it('has saved contacts, newest first', async () => {
    const { cookie, userId } = await signIn(t.app, 'demo@example.com');
    const response = await t.app.inject({ method: 'GET', url: `/app/v1/getUserShipmentAddress?userId=${userId}&page=1&num=10`, headers: { cookie } });
    const body = response.json();
    expect(body.data.total).toBe(3);
    expect(body.data.list.map((contact: { name: string }) => contact.name)).toEqual(['Returns', 'Office', 'Mom']);
  });

  it('gets a QR code and a wallet pass link for the demo AirBox ID', async () => {
    const { cookie, userId } = await signIn(t.app, 'demo@example.com');
    const qr = await t.app.inject({ method: 'GET', url: `/app/v1/getUserQRcode?user_id=${userId}&update=0`, headers: { cookie } });
    expect(qr.json()).toMatchObject({ errorcode: 0, boxid: '2135846', qrcode: expect.stringMatching(/^AIRBOX:2135846:/) });
    const pass = await t.app.inject({ method: 'GET', url: `/app/v1/appleWallet/getPass?user_id=${userId}&OS=mac`, headers: { cookie } });
    expect(pass.json()).toMatchObject({ errorcode: 0, data: expect.stringContaining('/app/v1/appleWallet/download?') });
  });
});

describe('the demo customer’s labels (issue 9, Demo data)', () => {
  it('shows a label in every state of Purchased Labels, across USPS, UPS and FedEx, one with comments, and an unpaid one apart', async () => {
    const { cookie, userId } = await signIn(t.app, 'demo@example.com');
    const response = await t.app.inject({ method: 'GET', url: `/app/v1/userGetShipment?user_id=${userId}&start=0&num=50`, headers: { cookie } });
    const { data } = response.json() as { data: { total: number; list: ShipmentRow[] } };
    // Issue 23 item 1: the two labels that go by the demo's hub (hub-drop-offs-demo.test.ts) apart.
    // Issue 23 items 2 and 3: the return label of the delivered one (label-returns.test.ts) apart too.
    // Issue 25 item 3: the label to Canada with its customs declaration apart as well.
    const abroad = (row: ShipmentRow) => row.toAddress2.endsWith(', Canada');
    // Issue 25 item 1: the three labels of the demo's finished batch apart too (label-batches-demo.test.ts).
    const [demoBatch] = (await t.app.inject({ method: 'GET', url: '/app/v1/labelBatches', headers: { cookie } })).json().data as { id: number }[];
    const batchRows = (await t.app.inject({ method: 'GET', url: `/app/v1/labelBatches/detail?id=${demoBatch!.id}`, headers: { cookie } })).json().data.rows as { shippingIndexID: number | null }[];
    const batched = (row: ShipmentRow) => batchRows.some((batchRow) => batchRow.shippingIndexID === row.shippingIndexID);
    expect(data.list.filter(batched).map((row) => [shipmentStatus(row), row.rateCarrier])).toEqual([1, 2, 3].map(() => ['label created', 'USPS']));
    expect(data.list.filter(abroad).map((row) => [shipmentStatus(row), row.rateService, row.toAddress2])).toEqual([['label created', 'PriorityMailInternational', 'Toronto ON M5V 3L9, Canada']]);
    const statuses = data.list.filter((row) => !row.dropOff && !row.returnOf && !abroad(row) && !batched(row)).map((row) => shipmentStatus(row));
    expect(data.list.filter((row) => row.returnOf).map((row) => [shipmentStatus(row), row.rateCarrier, row.qrCode])).toEqual([['label created', 'USPS', true]]);
    expect(data.list.filter((row) => row.dropOff).map((row) => shipmentStatus(row)).sort()).toEqual([expect.stringMatching(/^Dropped off at AirBox /), 'label created']);
    expect(statuses.sort()).toEqual(['delivered', 'in transit', 'label created', 'label created', 'label created', 'label created', 'refund pending', 'refunded']);
    expect(new Set(data.list.map((row) => row.rateCarrier))).toEqual(new Set(['USPS', 'UPSDAP', 'FedEx']));
    expect(data.list.filter((row) => row.comments !== '')).toHaveLength(1);
    const unpaid = await t.app.inject({ method: 'GET', url: '/app/v1/labelPurchase/unpaid', headers: { cookie } });
    const [waiting, ...others] = unpaid.json().data as { id: number; rate: { carrier: string }; payment: string }[];
    expect(others).toEqual([]);
    expect(waiting).toMatchObject({ rate: { carrier: 'UPSDAP' }, payment: 'unpaid' });
    expect((await postForm(t.app, '/app/v1/getInvoice', { shippingIndexID: waiting!.id }, cookie)).json().errorcode).toBe(LABEL_FILE_ERRORCODE.none);

    // Every paid label has its files and its invoice.
    for (const row of data.list) {
      const invoice = await postForm(t.app, '/app/v1/getInvoice', { shippingIndexID: row.shippingIndexID }, cookie);
      expect(invoice.json().errorcode).toBe(row.status_flag === '0' ? LABEL_FILE_ERRORCODE.none : LABEL_FILE_ERRORCODE.ok);
      if (row.status_flag !== '1') continue;
      const label = await postForm(t.app, '/app/v1/getShippingLabel', { label_url: row.labelURL }, cookie);
      expect(Buffer.from(label.json().data, 'base64').subarray(1, 4).toString()).toBe('PNG');
      const pdf = await postForm(t.app, '/app/v1/downloadLabelPdf', { shipmentId: row.shipmentID }, cookie);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    // Labels created and never scanned offer a refund and a pickup (spec 03 §4): a USPS and a FedEx
    // one free to schedule, and two whose pickups are booked.
    const created = data.list.filter((row) => shipmentStatus(row) === 'label created');
    for (const row of created) expect(shipmentActions(row)).toMatchObject({ refund: true, viewLabel: true });
    const ready = created.filter((row) => shipmentActions(row).pickup === 'schedule' && !row.returnOf && !abroad(row) && !batched(row));
    expect(ready.map((row) => row.rateCarrier).sort()).toEqual(['FedEx', 'USPS']);
    const booked = created.filter((row) => shipmentActions(row).pickup === 'details');
    expect(booked.map((row) => row.rateCarrier).sort()).toEqual(['FedEx', 'USPS']);
  });

  it('can be refunded and moved on by the carriers simulator, which knows every bought demo label', async () => {
    const { cookie, userId } = await signIn(t.app, 'demo@example.com');
    const list = async () =>
      (await t.app.inject({ method: 'GET', url: `/app/v1/userGetShipment?user_id=${userId}&start=0&num=50`, headers: { cookie } })).json().data
        .list as ShipmentRow[];
    const rows = await list();
    const created = rows.find((row) => shipmentStatus(row) === 'label created')!;
    const inTransit = rows.find((row) => shipmentStatus(row) === 'in transit')!;
    const refund = await postForm(t.app, '/openapi/easyPost/refund', { id: created.shippingIndexID }, cookie);
    expect(refund.json()).toMatchObject({ code: 0, data: { refund_status: 'submitted' } });
    expect(shipmentStatus((await list()).find((row) => row.shippingIndexID === created.shippingIndexID)!)).toBe('refund pending');
    // The carrier approves it at the label's next step: the payment goes back at once, not at the next hourly check.
    const deps = { db: t.app.db, config: t.app.config, log: t.app.log, carriers: t.app.carriers as SimulatorCarriersProvider };
    expect(await carrierCommand(deps, ['advance', created.trackingNum])).toContain('refund');
    await t.app.jobs.drain();
    expect(shipmentStatus((await list()).find((row) => row.shippingIndexID === created.shippingIndexID)!)).toBe('refunded');

    const output = await carrierCommand(deps, ['advance', inTransit.trackingNum]);
    expect(output).toContain('tracker now out for delivery');
    expect(shipmentStatus((await list()).find((row) => row.shippingIndexID === inTransit.shippingIndexID)!)).toBe('out for delivery');
  });

  it('has a USPS pickup scheduled and a FedEx pickup paid for at the hub, each known to its simulator', async () => {
    const { cookie, userId } = await signIn(t.app, 'demo@example.com');
    const { list } = (await t.app.inject({ method: 'GET', url: `/app/v1/userGetShipment?user_id=${userId}&start=0&num=50`, headers: { cookie } })).json()
      .data as { list: ShipmentRow[] };
    const booked = list.filter((row) => row.status_flag === '1' && shipmentActions(row).pickup === 'details');
    const usps = booked.find((row) => row.rateCarrier === 'USPS')!;
    const fedex = booked.find((row) => row.rateCarrier === 'FedEx')!;

    const inquiry = await t.app.inject({ method: 'GET', url: `/openapi/USPS/CarrierPickupInquiry?shipmentDetailsId=${usps.shippingdetails_id}`, headers: { cookie } });
    expect(inquiry.json()).toMatchObject({
      code: 0,
      data: { CarrierPickupInquiryResponse: { ConfirmationNumber: usps.pickupId, PackageCount: 1 } },
      dbInfo: { status: 'scheduled', packagelocation: 'Front Door', servicetype: 'Priority Mail', specialinstructions: 'Blue door next to the garage' },
    });

    const status = await postForm(t.app, '/app/v1/checkPickupStatus', { pickupId: fedex.pickupId, carrier: fedex.rateCarrier, shippingdetails_id: fedex.shippingdetails_id }, cookie);
    expect(status.json()).toMatchObject({
      errorcode: 0,
      dropoffCode: expect.stringMatching(/^\d{6}$/),
      data: { status: 'scheduled', reference: 'Locker', confirmation: expect.stringMatching(/^PRP\d{8}$/), price: '4.50', canCancel: true },
    });

    // The FedEx pickup can be cancelled with the carriers simulator, which knows it.
    const cancel = await postForm(t.app, '/app/v1/cancelPickup', { shippingdetails_id: fedex.shippingdetails_id }, cookie);
    expect(cancel.json()).toMatchObject({ errorcode: 0 });
  });

  it('has two orders in progress', async () => {
    const { cookie, userId } = await signIn(t.app, 'demo@example.com');
    const response = await t.app.inject({ method: 'GET', url: `/openapi/easyPost/getOrderForLater?userId=${userId}`, headers: { cookie } });
    expect(response.json().data).toHaveLength(2);
  });
});

describe('the demo’s label to Canada (issue 25 item 3, Demo data)', () => {
  it('is the demo customer’s, its declaration in its details and on its PDF’s customs page', async () => {
    const { cookie, userId } = await signIn(t.app, 'demo@example.com');
    const list = (await t.app.inject({ method: 'GET', url: `/app/v1/userGetShipment?user_id=${userId}&start=0&num=50`, headers: { cookie } })).json().data.list as ShipmentRow[];
    const label = list.find((row) => row.toAddress2 === 'Toronto ON M5V 3L9, Canada')!;
    const detail = (await t.app.inject({ method: 'GET', url: `/app/v1/getShipmentDetail?shipmentIndexID=${label.shippingIndexID}`, headers: { cookie } })).json().data;
    expect(detail.to_address.country).toBe('CA');
    expect(detail.customs).toMatchObject({ contents_type: 'gift', items: [{ description: 'Hand-knit wool scarf' }, { description: 'Roasted coffee beans', hs_tariff_number: '090121' }] });
    const pdf = await postForm(t.app, '/app/v1/downloadLabelPdf', { shipmentId: label.shipmentID }, cookie);
    const text = pdfText(pdf.rawPayload);
    for (const words of ['CANADA', 'CUSTOMS DECLARATION CN 22', '[X] GIFT', 'Hand-knit wool scarf', '611710', 'Roasted coffee beans', '090121']) expect(text).toContain(words);
  });
});
