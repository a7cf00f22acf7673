import { SCAN_FORM_ERRORCODE, SCAN_FORM_MESSAGES } from '@airbox/contract';
import { describe, expect, it } from 'vitest';
import { signIn, useTestApp, useTestDatabase } from './helper.js';
import { pdfText } from './pdf-text.js';

/** Issue 25 item 2, demo data: demo@example.com's batch has its end-of-day scan form. */

const database = useTestDatabase();
const t = useTestApp(database, { seedDemoData: true });

describe('the demo scan form', () => {
  it('lists the batch’s three USPS labels, Ready; its PDF lists their tracking numbers; they cannot go on another form', async () => {
    const demo = await signIn(t.app, 'demo@example.com');
    const listed = await t.app.inject({ method: 'GET', url: '/app/v1/scanForms/list', headers: { cookie: demo.cookie } });
    expect(listed.json().data.total).toBe(1);
    const form = listed.json().data.list[0];
    expect(form).toMatchObject({ status: 'created', scanFormId: expect.stringMatching(/^sf_/), note: '' });
    expect(form.labels).toHaveLength(3);

    const file = await t.app.inject({
      method: 'POST',
      url: '/app/v1/scanForms/download',
      payload: `id=${form.id}`,
      headers: { cookie: demo.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(file.statusCode).toBe(200);
    const text = pdfText(file.rawPayload);
    expect(text).toContain('Total pieces: 3');
    for (const label of form.labels) expect(text).toContain(label.trackingNum);

    const again = await t.app.inject({ method: 'POST', url: '/app/v1/scanForms/create', payload: { shipmentIds: [form.labels[0].shippingdetails_id] }, headers: { cookie: demo.cookie } });
    expect(again.json()).toMatchObject({ errorcode: SCAN_FORM_ERRORCODE.refused, message: expect.stringContaining(SCAN_FORM_MESSAGES.onScanForm(form.id)) });
  });
});
