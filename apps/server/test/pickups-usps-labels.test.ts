import { carrierPickupDates, SHIPMENT_MESSAGES, stateTimeZone } from '@airbox/contract';
import type { Client } from 'pg';
import { describe, expect, it } from 'vitest';
import { PICKUP_SERVER_MESSAGES } from '../src/modules/pickups/pickups.service.js';
import { USPS_ANSWER_LOST_NOTE, USPS_PICKUP_MESSAGES } from '../src/modules/pickups/usps-pickups.service.js';
import type { SimulatorUspsPickupsProvider } from '../src/providers/usps/usps-pickups-simulator.js';
import { DIALECT, postForm, useTestApp, useTestDatabase } from './helper.js';
import { newCustomer } from './ledger-fixtures.js';
import { lockWaits, ownConnections } from './pg-lock-waits.js';
import { insertShipment, uspsPickupForm } from './shipment-fixtures.js';

/** One USPS pickup for several labels (issue 25 item 2). */

const database = useTestDatabase();
const t = useTestApp(database);
const usps = () => t.app.uspsPickups as SimulatorUspsPickupsProvider;

type Customer = Awaited<ReturnType<typeof newCustomer>>;

const ADDRESS = { firmname: '', address1: '1 Main St', address2: 'Apt 2', city: 'San Francisco', state: 'CA', zip5: '94105' };
const lastDay = () => carrierPickupDates(t.config.clock(), stateTimeZone('CA'), 'USPS').at(-1)!;

/** The web app's JSON body: the labels, the address step's contact and the date step's answers. */
function scheduleLabels(customer: Customer, shipmentIds: number[], extra: Record<string, unknown> = {}) {
  const payload = { shipmentIds, ...ADDRESS, firstname: 'Casey', lastname: 'Customer', phone: '415-555-0101', uselocker: 0, packagelocation: 'Front Door', specialinstructions: 'Ring twice', pickupdate: lastDay(), ...extra };
  return t.app.inject({ method: 'POST', url: '/openapi/USPS/CarrierPickupScheduleLabels', payload, headers: { cookie: customer.cookie } });
}

const rowOf = (id: number) => t.app.db.selectFrom('shipments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const recordsOf = (ids: number[]) => t.app.db.selectFrom('pickups').selectAll().where('shipment_id', 'in', ids).orderBy('id').execute();

describe('one USPS pickup for several labels', () => {
  it('books one pickup, the package count by service and the weights summed reaching USPS, each label showing it', async () => {
    const customer = await newCustomer(t.app);
    // 40 oz (2.5 lb) each, and a Ground Advantage label of 24 oz (1.5 lb).
    const labels = [
      await insertShipment(t.app.db, customer.userId, { carrier: 'USPS', service: 'Priority' }),
      await insertShipment(t.app.db, customer.userId, { carrier: 'USPS', service: 'Priority' }),
      await insertShipment(t.app.db, customer.userId, { carrier: 'USPS', service: 'GroundAdvantage', weight_oz: 24 }),
    ];
    const ids = labels.map((label) => label.id);
    const response = await scheduleLabels(customer, ids);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ code: 0, data: { PackageCount: 3, EstimatedWeight: 6.5, Date: lastDay(), Labels: labels.map((label) => label.orderNo) } });
    const confirmation = body.data.ConfirmationNumber as string;

    const atUsps = await usps().inquire(confirmation);
    expect(atUsps).toMatchObject({ pickupDate: lastDay(), estimatedWeight: 6.5, packageLocation: 'FRONT_DOOR', specialInstructions: 'Ring twice' });
    expect(atUsps?.packages).toEqual(
      expect.arrayContaining([
        { packageType: 'PRIORITY_MAIL', count: 2 },
        { packageType: 'USPS_GROUND_ADVANTAGE', count: 1 },
      ]),
    );
    for (const id of ids) expect((await rowOf(id)).pickup_id).toBe(confirmation);
    const records = await recordsOf(ids);
    expect(records.map((record) => [record.state, record.confirmation, record.package_count])).toEqual(ids.map(() => ['scheduled', confirmation, 1]));

    // Each label's details show the one pickup, for all three labels.
    const inquiry = await t.app.inject({ method: 'GET', url: `/openapi/USPS/CarrierPickupInquiry?shipmentDetailsId=${ids[2]}`, headers: { cookie: customer.cookie } });
    expect(inquiry.json().dbInfo).toMatchObject({ confirmation, count: 3 });
    expect([...inquiry.json().dbInfo.labels].sort()).toEqual(labels.map((label) => label.orderNo).sort());

    // A refund is refused while the pickup is booked.
    const refund = await postForm(t.app, '/openapi/easyPost/refund', { id: labels[0]!.id }, customer.cookie);
    expect(refund.json().message ?? refund.body).toContain(SHIPMENT_MESSAGES.refundPickupScheduled);
  });

  it('refuses before asking USPS, naming each label that cannot have it: with a pickup, another carrier, refunded, not theirs', async () => {
    const customer = await newCustomer(t.app);
    const other = await newCustomer(t.app);
    const free = await insertShipment(t.app.db, customer.userId, { carrier: 'USPS' });
    const booked = await insertShipment(t.app.db, customer.userId, { carrier: 'USPS' });
    const single = await postForm(t.app, '/openapi/USPS/CarrierPickupSchedule', { ...uspsPickupForm(booked.id, customer.userId, lastDay()), ...ADDRESS, address2: 'Apt 2' }, customer.cookie);
    const bookedConfirmation = single.json().data.ConfirmationNumber as string;
    expect(bookedConfirmation).toBeTruthy();
    const fedex = await insertShipment(t.app.db, customer.userId, { carrier: 'FedEx', service: 'FEDEX_GROUND' });
    const refunded = await insertShipment(t.app.db, customer.userId, { carrier: 'USPS', state: 'refunded' });
    const theirs = await insertShipment(t.app.db, other.userId, { carrier: 'USPS' });
    const before = (await recordsOf([free.id])).length;

    const body = (await scheduleLabels(customer, [free.id, booked.id, fedex.id, refunded.id, theirs.id])).json();
    expect(body.code).toBe(-1);
    expect(body.message).toBe(
      USPS_PICKUP_MESSAGES.labelsRefused([
        `Order ${booked.orderNo}: ${PICKUP_SERVER_MESSAGES.hasPickup} (${bookedConfirmation})`,
        `Order ${fedex.orderNo}: ${USPS_PICKUP_MESSAGES.notUsps}`,
        `Order ${refunded.orderNo}: ${PICKUP_SERVER_MESSAGES.refunded}`,
        `Label #${theirs.id}: ${PICKUP_SERVER_MESSAGES.noSuchLabel}`,
      ]),
    );
    expect(body.data.Error.Description).toBe(body.message);
    expect((await recordsOf([free.id])).length).toBe(before);
  });

  it('cancelled whole from any of its labels, frees every label (USPS has it cancelled), and they can be scheduled again', async () => {
    const customer = await newCustomer(t.app);
    const ids = [(await insertShipment(t.app.db, customer.userId, { carrier: 'USPS' })).id, (await insertShipment(t.app.db, customer.userId, { carrier: 'USPS' })).id];
    const confirmation = (await scheduleLabels(customer, ids)).json().data.ConfirmationNumber as string;
    const cancel = await postForm(t.app, '/app/v1/cancelPickup', { shippingdetails_id: ids[1]!, wholePickup: 1 }, customer.cookie);
    expect(cancel.json()).toMatchObject({ errorcode: 0 });
    expect(await usps().inquire(confirmation)).toBeNull();
    expect((await recordsOf(ids)).map((record) => record.state)).toEqual(['canceled', 'canceled']);
    const again = (await scheduleLabels(customer, ids)).json();
    expect(again).toMatchObject({ code: 0, data: { PackageCount: 2 } });
    expect(again.data.ConfirmationNumber).not.toBe(confirmation);
  });

  it('joins the pickup the customer has at that address and day, and makes one pickup when sent twice at once', async () => {
    const customer = await newCustomer(t.app);
    const first = await insertShipment(t.app.db, customer.userId, { carrier: 'USPS' });
    const host = (await scheduleLabels(customer, [first.id])).json().data.ConfirmationNumber as string;
    const ids = [(await insertShipment(t.app.db, customer.userId, { carrier: 'USPS' })).id, (await insertShipment(t.app.db, customer.userId, { carrier: 'USPS' })).id];
    const answers = (await Promise.all([scheduleLabels(customer, ids), scheduleLabels(customer, ids)])).map((answer) => answer.json());
    const accepted = answers.filter((answer) => answer.code === 0);
    // Both answers in the message: this failed once in a full run (2026-11-27, PostgreSQL, both refused) and never alone.
    expect(accepted, JSON.stringify(answers)).toHaveLength(1);
    expect(accepted[0].data).toMatchObject({ ConfirmationNumber: host, PackageCount: 3 });
    expect((await usps().inquire(host))?.packages.reduce((sum, pack) => sum + pack.count, 0)).toBe(3);
    const refusedAnswer = answers.find((answer) => answer.code !== 0);
    expect(refusedAnswer.message).toContain(PICKUP_SERVER_MESSAGES.hasPickup);
  });

  it.runIf(DIALECT === 'postgres')(
    'joins the pickup when a booking of the same labels sent meanwhile holds one of them and then writes its record (no deadlock on PostgreSQL)',
    async () => {
      // The interleaving that failed under load, made on purpose: the join's records are written
      // and it is asking USPS; meanwhile a second booking of the same labels (as insertUspsBookings
      // does: the labels locked in id order, then a record each) holds the first label and waits
      // for the second; the join then records USPS's answer; the second booking gets its label and
      // writes its record. The join's answer must be the pickup; the second booking's, a refusal.
      const customer = await newCustomer(t.app);
      const first = await insertShipment(t.app.db, customer.userId, { carrier: 'USPS' });
      const host = (await scheduleLabels(customer, [first.id])).json().data.ConfirmationNumber as string;
      const [x, y] = [(await insertShipment(t.app.db, customer.userId, { carrier: 'USPS' })).id, (await insertShipment(t.app.db, customer.userId, { carrier: 'USPS' })).id];
      const [second, holder, watcher] = await ownConnections(database.url(), 3);
      const lockLabel = (client: Client, id: number) => client.query('update shipments set state = state where id = $1', [id]);
      const provider = usps();
      const update = provider.update;
      let secondLockingY: Promise<unknown> | undefined;
      provider.update = async (...args) => {
        provider.update = update;
        await holder!.query('begin');
        await lockLabel(holder!, y);
        await second!.query('begin');
        await lockLabel(second!, x);
        secondLockingY = lockLabel(second!, y);
        await lockWaits(watcher!, 1, secondLockingY);
        return update(...args);
      };
      try {
        const joining = scheduleLabels(customer, [x, y]);
        // The join waits for the first label (held by the second booking), which waits for the second.
        await lockWaits(watcher!, 2, joining);
        await holder!.query('rollback');
        await secondLockingY;
        // The second booking's record of the first label, as the join's record of it (all but its id).
        const columns = (await watcher!.query<{ list: string }>("select string_agg(quote_ident(column_name), ', ') as list from information_schema.columns where table_name = 'pickups' and column_name <> 'id'")).rows[0]!.list;
        const recorded = await second!
          .query(`insert into pickups (${columns}) select ${columns} from pickups where shipment_id = $1 and state = 'booking'`, [x])
          .then(
            () => 'written',
            (error: { code?: string; constraint?: string }) => `${error.code} ${error.constraint}`,
          );
        await second!.query('rollback');
        const answer = (await joining).json();
        expect(answer, JSON.stringify(answer)).toMatchObject({ code: 0, data: { ConfirmationNumber: host, PackageCount: 3 } });
        // Its record could not be written: the label has its live pickup already.
        expect(recorded).toBe('23505 pickups_one_live_per_shipment');
      } finally {
        provider.update = update;
        for (const client of [second, holder, watcher]) await client!.end();
      }
    },
  );

  it('when USPS’s answer is lost, the labels keep their bookings; one label’s SCHEDULE PICKUP sends the same request again for all of them', async () => {
    const customer = await newCustomer(t.app);
    const labels = [await insertShipment(t.app.db, customer.userId, { carrier: 'USPS' }), await insertShipment(t.app.db, customer.userId, { carrier: 'USPS' })];
    const ids = labels.map((label) => label.id);
    usps().failNext('schedule', 'UNAVAILABLE');
    expect((await scheduleLabels(customer, ids)).statusCode).toBe(503);
    expect((await recordsOf(ids)).map((record) => [record.state, record.note])).toEqual(ids.map(() => ['booking', USPS_ANSWER_LOST_NOTE]));
    // Asked for one of them with another label: each booked one is named with why.
    const other = await insertShipment(t.app.db, customer.userId, { carrier: 'USPS' });
    const mixed = (await scheduleLabels(customer, [ids[0]!, other.id])).json();
    expect(mixed.message).toBe(USPS_PICKUP_MESSAGES.labelsRefused([`Order ${labels[0]!.orderNo}: ${PICKUP_SERVER_MESSAGES.hasPickup} (${USPS_ANSWER_LOST_NOTE})`]));
    // One label's own schedule sends the recorded request, for both labels.
    const single = await postForm(t.app, '/openapi/USPS/CarrierPickupSchedule', { ...uspsPickupForm(ids[1]!, customer.userId, lastDay()), ...ADDRESS }, customer.cookie);
    const confirmation = single.json().data.ConfirmationNumber as string;
    expect(confirmation).toBeTruthy();
    expect((await recordsOf(ids)).map((record) => [record.state, record.confirmation])).toEqual(ids.map(() => ['scheduled', confirmation]));
    expect((await usps().inquire(confirmation))?.packages.reduce((sum, pack) => sum + pack.count, 0)).toBe(2);
  });

  it('when USPS’s answer is lost, the same labels asked for together again send the recorded request once for all of them', async () => {
    const customer = await newCustomer(t.app);
    const labels = [await insertShipment(t.app.db, customer.userId, { carrier: 'USPS' }), await insertShipment(t.app.db, customer.userId, { carrier: 'USPS' })];
    const ids = labels.map((label) => label.id);
    usps().failNext('schedule', 'UNAVAILABLE');
    expect((await scheduleLabels(customer, ids)).statusCode).toBe(503);
    const again = await scheduleLabels(customer, ids);
    expect(again.json(), again.body).toMatchObject({ code: 0, data: { Labels: labels.map((label) => label.orderNo) } });
    const confirmation = again.json().data.ConfirmationNumber as string;
    expect((await recordsOf(ids)).map((record) => [record.state, record.confirmation])).toEqual(ids.map(() => ['scheduled', confirmation]));
    expect((await usps().inquire(confirmation))?.packages.reduce((sum, pack) => sum + pack.count, 0)).toBe(2);
  });
});
