import { describe, expect, it } from 'vitest';
import { signIn, useTestApp, useTestDatabase } from './helper.js';

const database = useTestDatabase();
const t = useTestApp(database);

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
