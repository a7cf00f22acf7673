import { ALL_CALLS, apiErrorSchema, getUserMessageCall, userGetShipmentCall } from '@airbox/contract';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerSerializerCompiler, compiledWriter } from './answer-serialization.js';

/** What zod's serializer wrote before: the answer checked (fields it does not name dropped) and JSON.stringify'd. */
const zodBytes = (schema: z.ZodType, answer: unknown) => JSON.stringify(z.encode(schema, answer));

const row = {
  shipmentID: 'shp_1',
  shippingIndexID: 7,
  shippingdetails_id: 7,
  createTime: '2026-11-27T08:41:41.600Z',
  orderNo: 'AB1',
  rateCarrier: 'UPSDAP',
  rateService: '2ndDayAir',
  retailRate: '10.45',
  listRate: '10.45',
  insurance: '0.00',
  chargePrice: '1.50',
  TotalPrice: '8.95',
  trackingNum: '',
  comments: 'Gift for "Mom" \\ é ✓ \u0001',
  status_flag: '1',
  easypostStatus: '',
  pickupId: '',
  labelURL: '/app/v1/shipments/7/label.png',
  fromAddress1: '1 Main St',
  fromAddress2: 'San Francisco, CA 94105',
  toAddress1: '55 Elm St',
  toAddress2: 'Portland, OR 97201',
  fromName: 'Casey Customer',
  toName: 'Maria Lopez',
  fromPhone: '415-555-0101',
  toPhone: '(206) 555-0175',
  height: 6,
  length: 12.5,
  width: 0,
  weight: -0,
  predefinedPackage: null,
  refund_status: '',
  autoRefund: false,
  purchaseNote: '',
  pickupNote: '',
  dropOff: { hubId: 'H1', hubName: 'Hub', hubAddress: '1 Hub St', state: 'waiting', code: '123456', validUntil: '2026-11-28', droppedOffAt: '' },
  qrCode: true,
};
/** What a handler might hand over beyond its answer: columns and secrets the schema does not name. */
const extra = { password_hash: '$argon2id$secret', user_id: 1, rates: '[]' };

describe('answers written by their compiled schema', () => {
  it('writes every list call answer and the failure answer without zod', () => {
    for (const call of [userGetShipmentCall, getUserMessageCall]) expect(compiledWriter(call.response), call.path).toBeDefined();
    expect(compiledWriter(apiErrorSchema)).toBeDefined();
    const compiled = Object.values(ALL_CALLS).filter((call) => compiledWriter(call.response));
    expect(compiled.length).toBe(Object.values(ALL_CALLS).length);
  });

  it('writes the bytes zod wrote: the schema’s fields in its order, nulls, absent optional fields, numbers and escapes', () => {
    const write = compiledWriter(userGetShipmentCall.response)!;
    const { dropOff: _dropOff, qrCode: _qrCode, ...plain } = row;
    const answers = [
      { errorcode: 0, message: 'success', data: { total: 2, list: [row, { ...plain, dropOff: null, predefinedPackage: 'SmallFlatRateBox', returnOf: 'AB0' }] } },
      { errorcode: 0, message: 'success', data: { total: 0, list: [] } },
      { errorcode: 0, message: 'success', data: { total: 1, list: [{ ...plain, predefinedPackage: undefined }] } },
    ];
    for (const answer of answers) expect(write(answer)).toBe(zodBytes(userGetShipmentCall.response, answer));
    const message = { errorcode: 0, message: 'success', total: 1, messages: [{ message_id: 3, message_date: '2026-11-27', tracking_no: '9400', carrier: 'USPS', messages: '<p>x</p>', is_pickup: 1, pickup_code: '123456' }] };
    expect(compiledWriter(getUserMessageCall.response)!(message)).toBe(zodBytes(getUserMessageCall.response, message));
  });

  it('never writes a field the schema does not name, at any depth, and never drops one it names', () => {
    const write = compiledWriter(userGetShipmentCall.response)!;
    const leaky = { errorcode: 0, message: 'success', ...extra, data: { total: 1, ...extra, list: [{ ...row, ...extra, dropOff: { ...row.dropOff, ...extra } }] } };
    const written = write(leaky);
    expect(written).not.toMatch(/password_hash|argon2|user_id|rates/);
    expect(written).toBe(zodBytes(userGetShipmentCall.response, leaky));
    const parsed = JSON.parse(written) as { data: { list: Record<string, unknown>[] } };
    expect(Object.keys(parsed.data.list[0]!)).toEqual(Object.keys(row));
  });

  it('answers through Fastify with the compiled writer, and with CHECK_ANSWERS refuses an answer zod refuses', async () => {
    const schema = z.object({ errorcode: z.number().int(), message: z.string(), user: z.object({ name: z.string(), note: z.string().optional() }) });
    for (const check of [false, true]) {
      const app = Fastify();
      app.setSerializerCompiler(answerSerializerCompiler({ check }));
      app.get('/ok', { schema: { response: { 200: schema } } }, async () => ({ errorcode: 0, message: 'ok', ...extra, user: { name: 'Ann', ...extra } }));
      app.get('/bad', { schema: { response: { 200: schema } } }, async () => ({ errorcode: 0, message: 'ok', user: { name: 5 } }));
      const ok = await app.inject({ method: 'GET', url: '/ok' });
      expect(ok.body).toBe('{"errorcode":0,"message":"ok","user":{"name":"Ann"}}');
      const bad = await app.inject({ method: 'GET', url: '/bad' });
      // Production writes what the compiled schema makes of it (never a field it does not name);
      // with the check, the wrong type is refused as zod refused it.
      expect(bad.statusCode).toBe(check ? 500 : 200);
      await app.close();
    }
  });
});
