import { BATCH_TRACKING_COLUMNS } from '@airbox/contract';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { signIn, useTestApp, useTestDatabase } from './helper.js';

const database = useTestDatabase();
const t = useTestApp(database, { seedDemoData: true });

describe("the demo customer's finished label batch (issue 25 item 1, Demo data)", () => {
  it('lists four rows, three bought and one refused and refunded, with its merged PDF and tracking CSV', async () => {
    const { cookie } = await signIn(t.app, 'demo@example.com');
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
    const [summary, ...others] = (await get('/app/v1/labelBatches')).json().data;
    expect(others).toEqual([]);
    expect(summary).toMatchObject({ state: 'finished', fileName: 'holiday-orders.csv', rule: 'cheapest', counts: { rows: 4, bought: 3, failed: 1 }, progress: { done: 4, total: 4 }, total: '30.36', refunded: '9.05' });
    const batch = (await get(`/app/v1/labelBatches/detail?id=${summary.id}`)).json().data;
    expect(batch.rows.map((row: { state: string; refund: string | null }) => [row.state, row.refund])).toEqual([
      ['bought', null],
      ['bought', null],
      ['failed', 'refunded'],
      ['bought', null],
    ]);
    for (const row of batch.rows.filter((candidate: { state: string }) => candidate.state === 'bought')) {
      expect(row).toMatchObject({ orderNo: expect.stringMatching(/^AB/), trackingNum: expect.stringMatching(/^9\d+/), rate: { carrier: 'USPS', service: 'GroundAdvantage' } });
    }
    expect(batch.rows[2].note).toContain('The carrier refused this label');

    const pdf = await PDFDocument.load((await get(`/app/v1/labelBatches/labels?id=${summary.id}`)).rawPayload);
    expect(pdf.getPageCount()).toBe(3);
    // The simulator knows the seeded labels: their ZPL comes too.
    expect((await get(`/app/v1/labelBatches/labels?id=${summary.id}&format=zpl`)).body.match(/\^XA/g)).toHaveLength(3);
    const tracking = (await get(`/app/v1/labelBatches/tracking?id=${summary.id}`)).body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(tracking[0]).toBe(BATCH_TRACKING_COLUMNS.join(','));
    expect(tracking[3]).toBe('3,HOL-1003,Ana Souza,USPS,GroundAdvantage,,9.05,refunded');
  });
});
