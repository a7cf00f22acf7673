import { MESSAGES } from '@airbox/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp, useTestDatabase } from './helper.js';

const database = useTestDatabase();
// Two auth calls a minute per address, so the barcode budget (six times as many) is small.
const t = useTestApp(database, { authRateLimitPerMinute: 2 });

const PNG_SIGNATURE = '89504e470d0a1a0a';

function barcode(pcode: string, remoteAddress = '10.9.0.1') {
  return t.app.inject({ method: 'GET', url: `/app/v1/genCode128?pcode=${encodeURIComponent(pcode)}`, remoteAddress });
}

describe('genCode128', () => {
  it('draws a route code of up to 32 characters, and refuses a longer one with 400 naming pcode', async () => {
    const longest = await barcode('R'.repeat(32), '10.9.1.1');
    expect(longest.statusCode).toBe(200);
    expect(Buffer.from(longest.json().data, 'base64').subarray(0, 8).toString('hex')).toBe(PNG_SIGNATURE);
    const tooLong = await barcode('R'.repeat(33), '10.9.1.1');
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ errorcode: -400, message: 'pcode: at most 32 characters' });
    const empty = await barcode('', '10.9.1.1');
    expect(empty.json()).toEqual({ errorcode: -400, message: 'pcode: at least 1 character' });
  });

  it('lets browsers and proxies keep a drawn barcode for a day, but not a refusal', async () => {
    const drawn = await barcode('AB-1234', '10.9.2.1');
    expect(drawn.headers['cache-control']).toBe('public, max-age=86400');
    const refused = await barcode('é', '10.9.2.1');
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('answers the same image for the same code, asked at once or again, and another for another code', async () => {
    const [first, second] = await Promise.all([barcode('SAME-1', '10.9.3.1'), barcode('SAME-1', '10.9.3.2')]);
    expect(first.json().data).toBe(second.json().data);
    expect((await barcode('SAME-1', '10.9.3.3')).json().data).toBe(first.json().data);
    expect((await barcode('SAME-2', '10.9.3.3')).json().data).not.toBe(first.json().data);
  });

  it('allows an address six times the auth budget a minute, then 429; other addresses unaffected', async () => {
    const codes = [];
    for (let i = 0; i < 13; i += 1) codes.push((await barcode(`T-${i}`, '10.9.4.1')).statusCode);
    expect(codes).toEqual([...Array(12).fill(200), 429]);
    const limited = await barcode('T-13', '10.9.4.1');
    expect(limited.json()).toEqual({ errorcode: -429, message: MESSAGES.tooManyAttempts });
    expect((await barcode('T-13', '10.9.4.2')).statusCode).toBe(200);
  });

  it('refuses with 429 what does not fit the drawing queue, and draws the rest', async () => {
    const answers = await Promise.all(Array.from({ length: 150 }, (_, i) => barcode(`Q-${i}`, `10.8.${i}.1`)));
    const refused = answers.filter((answer) => answer.statusCode === 429);
    const drawn = answers.filter((answer) => answer.statusCode === 200);
    expect(refused.length).toBeGreaterThan(0);
    expect(drawn.length).toBeGreaterThan(0);
    expect(refused.length + drawn.length).toBe(answers.length);
    for (const answer of refused) expect(answer.json()).toEqual({ errorcode: -429, message: MESSAGES.barcodesBusy });
    for (const answer of drawn) expect(Buffer.from(answer.json().data, 'base64').subarray(0, 8).toString('hex')).toBe(PNG_SIGNATURE);
  });
});
