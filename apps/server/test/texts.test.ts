import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanUpExpiredRows, KEEP_SENT_TEXTS_MS } from '../src/jobs/clean-up.job.js';
import { retryDelayMs } from '../src/jobs/runner.js';
import { enqueueJob } from '../src/modules/jobs/jobs.js';
import { TextRefusedError } from '../src/providers/sms/sms-provider.js';
import { createTwilioSmsProvider } from '../src/providers/sms/twilio-sms-provider.js';
import { buildTestApp, type TestApp, useTestDatabase } from './helper.js';
import { TwilioFake } from './twilio-fake.js';

const ACCOUNT = 'AC0123456789abcdef0123456789abcdef';
const TOKEN = 'secret-token';
const FROM = '+14155550000';

const database = useTestDatabase();

describe('the Twilio adapter, against a fake that answers as Twilio does', () => {
  const fake = new TwilioFake({ account: ACCOUNT, token: TOKEN });
  beforeAll(() => fake.start());
  afterAll(() => fake.stop());
  const sms = (options: { token?: string; timeoutMs?: number; from?: string } = {}) =>
    createTwilioSmsProvider(
      { apiUrl: fake.base, account: ACCOUNT, token: options.token ?? TOKEN, from: options.from ?? FROM, timeoutMs: options.timeoutMs },
      pino({ level: 'silent' }),
    );

  it("posts To, From and Body with Basic auth to the account's Messages resource and gives the new message's SID", async () => {
    const sent = await sms().send({ to: '+14155550134', body: 'Pickup code: 583920' });
    const [made] = fake.messagesTo('+14155550134');
    expect(made).toMatchObject({ sid: sent.sid, from: FROM, body: 'Pickup code: 583920', status: 'queued', date_sent: null, direction: 'outbound-api' });
    expect(sent.sid).toMatch(/^SM[0-9a-f]{32}$/);
    const post = fake.requests.find((request) => request.method === 'POST');
    expect(post?.path).toBe(`/2010-04-01/Accounts/${ACCOUNT}/Messages.json`);
    expect(post?.authorization).toBe(`Basic ${Buffer.from(`${ACCOUNT}:${TOKEN}`).toString('base64')}`);
    expect(post?.form.toString()).toBe('To=%2B14155550134&From=%2B14155550000&Body=Pickup+code%3A+583920');
  });

  it('reads a 4xx as a refusal (no message made) and a 5xx or a lost answer as not known', async () => {
    const refused = await sms().send({ to: '+1', body: 'x' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TextRefusedError);
    expect(refused).toMatchObject({ status: 400, code: 21211, message: 'SMS API answered HTTP 400 (code 21211)' });
    // Twilio's message names the number: the error keeps only its code.
    expect((refused as Error).message).not.toContain('+1 ');
    await expect(sms({ token: 'wrong' }).send({ to: '+14155550135', body: 'x' })).rejects.toMatchObject({ name: 'TextRefusedError', status: 401, code: 20003 });
    fake.failNext(429, 20429, 'Too Many Requests');
    await expect(sms().send({ to: '+14155550135', body: 'x' })).rejects.toMatchObject({ name: 'TextRefusedError', status: 429 });
    fake.failNext(503, 20503, 'Service Unavailable');
    const unavailable = await sms().send({ to: '+14155550135', body: 'x' }).catch((error: unknown) => error);
    expect(unavailable).toBeInstanceOf(Error);
    expect(unavailable).not.toBeInstanceOf(TextRefusedError);
    fake.loseNextAnswer('drop');
    const dropped = await sms().send({ to: '+14155550135', body: 'dropped' }).catch((error: unknown) => error);
    expect(dropped).not.toBeInstanceOf(TextRefusedError);
    fake.loseNextAnswer('hang');
    const timedOut = await sms({ timeoutMs: 200 }).send({ to: '+14155550135', body: 'hung' }).catch((error: unknown) => error);
    expect(timedOut).toMatchObject({ name: 'TimeoutError' });
    // Twilio made both texts whose answers were lost.
    expect(fake.messagesTo('+14155550135').map((message) => message.body)).toEqual(['dropped', 'hung']);
  });

  it('finds a text whose answer was lost, queued (no date_sent yet) or sent, and only that one', async () => {
    const to = '+14155550136';
    const since = new Date();
    fake.loseNextAnswer('drop');
    await expect(sms().send({ to, body: 'Your package is ready. Pickup code: 111111' })).rejects.toThrow();
    const [lost] = fake.messagesTo(to);
    const lookup = { message: { to, body: 'Your package is ready. Pickup code: 111111' }, key: 'k', since, claimed: new Set<string>() };
    expect(lost?.date_sent).toBeNull();
    expect(await sms().findSent(lookup)).toBe(lost!.sid);
    // Not one whose SID another text holds, nor another body, nor to another phone.
    expect(await sms().findSent({ ...lookup, claimed: new Set([lost!.sid]) })).toBeUndefined();
    expect(await sms().findSent({ ...lookup, message: { to, body: 'Pickup code: 111111' } })).toBe(lost!.sid);
    expect(await sms().findSent({ ...lookup, message: { to, body: 'Your package is ready. Pickup code: 222222' } })).toBeUndefined();
    expect(await sms().findSent({ ...lookup, message: { to: '+14155550137', body: lookup.message.body } })).toBeUndefined();
    // Not one made well before the first try (beyond the clocks' margin).
    expect(await sms().findSent({ ...lookup, since: new Date(since.getTime() + 60 * 60 * 1000) })).toBeUndefined();
    // Nor one another sender of the account made.
    expect(await sms({ from: '+14155550001' }).findSent(lookup)).toBeUndefined();
    fake.sendQueued();
    expect(await sms().findSent(lookup)).toBe(lost!.sid);
    const list = fake.requests.filter((request) => request.method === 'GET').at(-1)!;
    expect(Object.fromEntries(list.query)).toEqual({ To: to, From: FROM, PageSize: '100' });
  });

  it("follows the list's next_page_uri to a text beyond the first page", async () => {
    const to = '+14155550138';
    const since = new Date();
    fake.loseNextAnswer('drop');
    await expect(sms().send({ to, body: 'the lost one' })).rejects.toThrow();
    const lost = fake.messagesTo(to)[0]!;
    // A hundred and fifty later texts to the same phone push it to the second page.
    for (let n = 0; n < 150; n += 1) await sms().send({ to, body: `later ${n}` });
    const before = fake.requests.length;
    expect(await sms().findSent({ message: { to, body: 'the lost one' }, key: 'k', since, claimed: new Set() })).toBe(lost.sid);
    const pages = fake.requests.slice(before);
    expect(pages.map((request) => request.query.get('Page') ?? '0')).toEqual(['0', '1']);
    expect(pages[1]!.query.get('PageToken')).toMatch(/^PASM/);
  });
});

describe('texts sent by jobs through Twilio, once each', () => {
  let fake: TwilioFake;
  let app: TestApp | undefined;
  beforeEach(async () => {
    fake = new TwilioFake({ account: ACCOUNT, token: TOKEN, now: () => app?.config.clock() ?? new Date() });
    await fake.start();
    app = await buildTestApp(database.url(), {
      seedDemoData: false,
      sms: { provider: 'twilio', apiUrl: fake.base, account: ACCOUNT, token: TOKEN, from: FROM, timeoutMs: 300 },
    });
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
    await fake.stop();
  });

  const jobOf = (to: string) =>
    app!.app.db.selectFrom('jobs').selectAll().where('name', '=', 'sms').where('payload', 'like', `%"${to}"%`).executeTakeFirstOrThrow();
  const textOf = (jobId: number) => app!.app.db.selectFrom('sent_texts').selectAll().where('job_id', '=', jobId).executeTakeFirstOrThrow();

  it.each(['drop', 'hang'] as const)('a text whose first answer was lost (%s) is retried, and the customer has it once', async (how) => {
    const to = how === 'drop' ? '+14155550140' : '+14155550141';
    await enqueueJob(app!.app.db, app!.config.clock(), 'sms', { to, body: 'AirBox: your package is ready. Pickup code: 583920' });
    fake.loseNextAnswer(how);
    await app!.app.jobs.drain();
    // Twilio made the text, but the job never heard so: it is tried again later.
    expect(fake.messagesTo(to)).toHaveLength(1);
    expect(await jobOf(to)).toMatchObject({ status: 'queued', attempts: 1 });

    app!.advance(retryDelayMs(1));
    await app!.app.jobs.drain();
    expect(fake.messagesTo(to)).toHaveLength(1);
    expect(fake.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
    const done = await jobOf(to);
    expect(done).toMatchObject({ status: 'done', attempts: 2 });
    // Found by the look-up and recorded: the next run would ask Twilio nothing.
    expect(await textOf(done.id)).toMatchObject({ state: 'sent', provider_sid: fake.messagesTo(to)[0]!.sid, phone: to });
  });

  it('a job run again after its text was sent and recorded sends nothing and asks Twilio nothing', async () => {
    const to = '+14155550142';
    await enqueueJob(app!.app.db, app!.config.clock(), 'sms', { to, body: 'AirBox: your pickup is tomorrow.' });
    await app!.app.jobs.drain();
    const job = await jobOf(to);
    expect(job.status).toBe('done');
    const asked = fake.requests.length;
    // Its worker died before it marked the job done: another runs it when the lease ends.
    await app!.app.db
      .updateTable('jobs')
      .set({ status: 'running', finished_at: null, locked_until: new Date(app!.config.clock().getTime() - 1000).toISOString() })
      .where('id', '=', job.id)
      .execute();
    await app!.app.jobs.drain();
    expect(await jobOf(to)).toMatchObject({ status: 'done', attempts: 2 });
    expect(fake.messagesTo(to)).toHaveLength(1);
    expect(fake.requests.length).toBe(asked);
  });

  it('sends the text on the retry when Twilio made none (a 503, then a refusal), and looks only after the unknown outcome', async () => {
    const to = '+14155550143';
    await enqueueJob(app!.app.db, app!.config.clock(), 'sms', { to, body: 'AirBox: label refunded.' });
    fake.failNext(503, 20503, 'Service Unavailable');
    await app!.app.jobs.drain();
    app!.advance(retryDelayMs(1));
    fake.failNext(429, 20429, 'Too Many Requests');
    await app!.app.jobs.drain();
    const job = await jobOf(to);
    expect(await textOf(job.id)).toMatchObject({ state: 'refused', provider_sid: null });
    app!.advance(retryDelayMs(2));
    await app!.app.jobs.drain();
    expect(await jobOf(to)).toMatchObject({ status: 'done', attempts: 3 });
    expect(fake.messagesTo(to)).toHaveLength(1);
    // One look-up: after the 503 (not known whether Twilio made it), none after the 429 (it made none).
    expect(fake.requests.map((request) => request.method)).toEqual(['POST', 'GET', 'POST', 'POST']);
  });

  it("does not take another job's identical text for its own", async () => {
    const to = '+14155550144';
    const body = 'AirBox: your package is ready.';
    await enqueueJob(app!.app.db, app!.config.clock(), 'sms', { to, body });
    fake.failNext(503, 20503, 'Service Unavailable');
    await app!.app.jobs.drain();
    // A second job texts the same words to the same phone, and gets through.
    await enqueueJob(app!.app.db, app!.config.clock(), 'sms', { to, body });
    await app!.app.jobs.drain();
    expect(fake.messagesTo(to)).toHaveLength(1);
    app!.advance(retryDelayMs(1));
    await app!.app.jobs.drain();
    const texts = await app!.app.db.selectFrom('sent_texts').select(['state', 'provider_sid']).where('phone', '=', to).execute();
    expect(texts.map((text) => text.state)).toEqual(['sent', 'sent']);
    expect(fake.messagesTo(to)).toHaveLength(2);
    expect(new Set(texts.map((text) => text.provider_sid))).toEqual(new Set(fake.messagesTo(to).map((message) => message.sid)));
  });
});

describe('texts sent by jobs through the simulator, once each', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp(database.url(), { seedDemoData: false });
  });
  afterAll(() => app.close());

  const textFiles = (to: string) =>
    readdirSync(app.config.mailOutboxDir)
      .filter((file) => file.startsWith('sms-'))
      .filter((file) => readFileSync(join(app.config.mailOutboxDir, file), 'utf8').startsWith(`To: ${to}\n`));

  it('writes one outbox file for a job run again, whether its record was written or lost', async () => {
    const to = '+14155550150';
    await enqueueJob(app.app.db, app.config.clock(), 'sms', { to, body: 'AirBox: your package is ready.' });
    await app.app.jobs.drain();
    expect(textFiles(to)).toHaveLength(1);
    const job = await app.app.db.selectFrom('jobs').select('id').where('payload', 'like', `%"${to}"%`).executeTakeFirstOrThrow();
    const rerun = async () => {
      await app.app.db
        .updateTable('jobs')
        .set({ status: 'running', finished_at: null, locked_until: new Date(app.config.clock().getTime() - 1000).toISOString() })
        .where('id', '=', job.id)
        .execute();
      await app.app.jobs.drain();
    };
    await rerun();
    expect(textFiles(to)).toHaveLength(1);
    const text = await app.app.db.selectFrom('sent_texts').selectAll().where('job_id', '=', job.id).executeTakeFirstOrThrow();
    expect(textFiles(to)[0]).toContain(text.provider_sid!);
    // The worker wrote the file and died before it recorded the SID.
    await app.app.db.updateTable('sent_texts').set({ state: 'sending', provider_sid: null }).where('job_id', '=', job.id).execute();
    await rerun();
    expect(textFiles(to)).toHaveLength(1);
    expect(await app.app.db.selectFrom('sent_texts').select(['state', 'provider_sid']).where('job_id', '=', job.id).executeTakeFirstOrThrow()).toEqual({
      state: 'sent',
      provider_sid: text.provider_sid,
    });
  });

  it('forgets the record of a text after a week (the hourly clean-up)', async () => {
    const now = app.config.clock().getTime();
    const row = (key: string, ageMs: number) => {
      const at = new Date(now - ageMs).toISOString();
      return { key, job_id: null, phone: '+14155550151', state: 'sent' as const, provider_sid: `SM${key}`, created_at: at, updated_at: at };
    };
    await app.app.db.insertInto('sent_texts').values([row('old', KEEP_SENT_TEXTS_MS + 60_000), row('recent', KEEP_SENT_TEXTS_MS - 60_000)]).execute();
    await cleanUpExpiredRows(app.app);
    const kept = await app.app.db.selectFrom('sent_texts').select('key').where('phone', '=', '+14155550151').execute();
    expect(kept).toEqual([{ key: 'recent' }]);
  });
});
