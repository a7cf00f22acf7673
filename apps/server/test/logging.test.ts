import { describe, expect, it } from 'vitest';
import { linkIn, mailsOf, postForm, signIn, useTestApp, useTestDatabase } from './helper.js';

const database = useTestDatabase();
const t = useTestApp(database, { seedDemoData: true, logLevel: 'trace' });

describe('log lines', () => {
  it('carry a request id and hold no password, session token, generatedId, activation code, tracking or share token', async () => {
    const secrets: string[] = ['DemoPass1', 'Brand.New.Pass9'];
    const session = await signIn(t.app, 'demo@example.com');
    secrets.push(session.cookie.split('=')[1]!.split('.')[0]!);
    await postForm(t.app, '/app/v1/logout', { user_id: session.userId }, session.cookie);

    await postForm(t.app, '/app/v1/checkUser', { email: 'demo@example.com' });
    // The newest mail with a reset link (the demo customer may also get a locker reminder on a weekday morning).
    const resetMail = (await mailsOf(t)).findLast((mail) => mail.text.includes('/app/reset?'));
    const link = new URL(linkIn(resetMail, 'http://localhost:8080/app/reset?'));
    const generatedId = link.searchParams.get('generatedId')!;
    secrets.push(generatedId, encodeURIComponent(generatedId));
    const query = new URLSearchParams({ Email: 'demo@example.com', generatedId, Password: 'Brand.New.Pass9' });
    const reset = await t.app.inject({ method: 'GET', url: `/app/v1/resetPassword?${query.toString()}` });
    expect(reset.json().errorcode).toBe(0);

    const pendingId = (await t.app.inject({ method: 'POST', url: '/app/v1/login', payload: { name: 'pending@example.com', password: 'DemoPass1' } })).json()
      .user[0].user_id;
    await postForm(t.app, '/app/v1/resendRegristerEmail', { userID: pendingId });
    const activationMail = (await mailsOf(t)).findLast((mail) => mail.text.includes('/app/active/'));
    const code = linkIn(activationMail, 'http://localhost:8080/app/active/').split('/app/active/')[1]!.replace(/\/$/, '');
    secrets.push(code);
    await t.app.inject({ method: 'POST', url: '/app/v1/userActivate', payload: { activateCode: code } });

    // The screens a tracking link and a pickup share open: their token opens the page.
    for (const path of ['/app/track/Tr4ckT0kenS3cret', '/app/pickup/Sh4reT0kenS3cret']) {
      secrets.push(path.split('/')[3]!);
      await t.app.inject({ method: 'GET', url: path });
    }

    const log = t.logs.join('\n');
    expect(t.logs.length).toBeGreaterThan(10);
    for (const secret of secrets) expect(log).not.toContain(secret);
    expect(log).toContain('/app/v1/resetPassword?Email=demo%40example.com&generatedId=[REDACTED]&Password=[REDACTED]');
    expect(log).toMatch(/mail written to the outbox/);
    const requestLines = t.logs.map((line) => JSON.parse(line)).filter((line) => line.req);
    expect(requestLines.length).toBeGreaterThan(0);
    for (const line of requestLines) expect(line.reqId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
