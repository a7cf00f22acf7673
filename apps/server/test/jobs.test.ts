import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { ACTIVATION_LINK_TTL_MS, MESSAGES, ROLE, USER_STATUS } from '@airbox/contract';
import { SMTPServer } from 'smtp-server';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanUpExpiredRows, KEEP_ENDED_MS } from '../src/jobs/clean-up.job.js';
import { insertCampus } from '../src/modules/campuses/campuses.repository.js';
import { recordDelivery } from '../src/modules/lockers/locker-events.service.js';
import { enqueueJob } from '../src/modules/jobs/jobs.js';
import { sql } from 'kysely';
import { isSqlite } from '../src/db/dialect.js';
import { JOB_LEASE_MS, retryDelayMs } from '../src/jobs/runner.js';
import { insertFixtureUser } from './fixtures.js';
import { buildTestApp, linkIn, login, mailsOf, postForm, readOutbox, useTestApp, useTestDatabase } from './helper.js';
import { createDirectory, type Directory, freshBoxId, insertCode } from './registration-fixtures.js';

const database = useTestDatabase();
const t = useTestApp(database, { seedDemoData: true });

/** A port nothing listens on (yet). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A real SMTP server on `port` that keeps what it receives; with failFirst, it answers its first
 * message with an error after keeping it; with holdTo, it leaves the message to that address
 * unanswered (its sender waits) until release(), which also lets any later one through.
 */
async function startSmtp(port: number, options: { failFirst?: boolean; holdTo?: string } = {}): Promise<{ messages: string[]; release(): void; close(): Promise<void> }> {
  const messages: string[] = [];
  let failing = options.failFirst === true;
  let held: (() => void) | undefined;
  let released = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        messages.push(raw.replace(/=\r?\n/g, ''));
        if (options.holdTo && !released && raw.includes(`To: ${options.holdTo}`)) return void (held = () => callback());
        if (!failing) return callback();
        failing = false;
        callback(Object.assign(new Error('Local error in processing'), { responseCode: 451 }));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  // Released for good: a message that comes later (a test that gave up early) is not held.
  const release = () => {
    released = true;
    held?.();
    held = undefined;
  };
  return {
    messages,
    release,
    close: () => {
      release();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** The raw .eml files of an outbox, oldest first. */
function readOutboxFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .map((file) => readFileSync(join(dir, file), 'utf8'));
}

/** A raw message's Message-ID header. */
const messageIdOf = (raw: string) => /^Message-ID: (.*?)\r?$/im.exec(raw)?.[1] ?? '';

function registration(email: string, BOXID: string) {
  return {
    First_name: 'Queue',
    Last_name: 'Tester',
    Email: email,
    Password: 'Welcome123',
    Cell_phone_number: '4155550123',
    Address_line_1: '1 Market St',
    City: 'San Francisco',
    State_province_region: 'CA',
    Zip_code: '94105',
    BOXID,
    PinNo: '482915',
    emailChoose: 1,
  };
}

async function register(app: typeof t.app, email: string, BOXID: string) {
  const hub = await app.db.selectFrom('hubs').select('id').orderBy('business_name').executeTakeFirstOrThrow();
  return postForm(app, '/app/v1/regist_userInfo', { ...registration(email, BOXID), lockerUUID: hub.id });
}

async function waitFor<T>(look: () => T | undefined, what: string): Promise<T> {
  for (let waited = 0; waited < 15_000; waited += 50) {
    const found = look();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`gave up waiting for ${what}`);
}

describe('durable mail', () => {
  it('a registration made while SMTP is down succeeds, and its activation mail goes out when SMTP is back', async () => {
    const port = await freePort();
    const app = await buildTestApp(database.url(), { seedDemoData: false, smtpUrl: `smtp://127.0.0.1:${port}` });
    try {
      const email = 'smtp.outage@example.com';
      const answer = await register(app.app, email, '4150101');
      expect(answer.json()).toEqual({ errorcode: 1, message: expect.any(String) });
      await app.app.jobs.drain();
      const [waiting] = await app.app.db.selectFrom('jobs').selectAll().where('name', '=', 'activation-mail').execute();
      expect(waiting).toMatchObject({ status: 'queued', attempts: 1, last_error: expect.stringMatching(/ECONNREFUSED|connect/i) });

      const smtp = await startSmtp(port);
      try {
        app.advance(retryDelayMs(1));
        await app.app.jobs.drain();
        // Only the activation mail to this address: the database's other customers may get
        // their own mails (a locker reminder is due on some mornings of the real clock).
        const mails = smtp.messages.filter((message) => message.includes(`To: ${email}`));
        expect(mails).toHaveLength(1);
        const link = /http:\/\/localhost:8080\/app\/active\/[^\s/]+\//.exec(mails[0]!)?.[0];
        expect(link).toBeDefined();
        const code = decodeURIComponent(link!.split('/app/active/')[1]!.replace(/\/$/, ''));
        expect((await postForm(app.app, '/app/v1/userActivate', { activateCode: code })).json().message).toBe(MESSAGES.activated);
      } finally {
        await smtp.close();
      }
      const done = await app.app.db.selectFrom('jobs').select(['status', 'attempts']).where('id', '=', waiting!.id).executeTakeFirstOrThrow();
      expect(done).toEqual({ status: 'done', attempts: 2 });
    } finally {
      await app.close();
    }
  });

  it('a server stopped right after answering sends the activation mail once it runs again', async () => {
    const first = await buildTestApp(database.url(), { seedDemoData: false });
    const email = 'stopped.server@example.com';
    expect((await register(first.app, email, '4150102')).json().errorcode).toBe(1);
    await first.close();

    // The next server's own worker (JOB_WORKER) finds the queued job: nothing calls drain().
    const next = await buildTestApp(database.url(), { seedDemoData: false, jobWorker: true });
    try {
      const mail = await waitFor(() => readOutbox(next.config.mailOutboxDir).find((m) => m.to.includes(email)), 'the activation mail');
      expect(linkIn(mail, 'http://localhost:8080/app/active/')).toBeTruthy();
    } finally {
      await next.close();
    }
  });

  it('keeps a job that fails every attempt, with its last error, and retries with growing delays', async () => {
    const now = t.config.clock();
    await enqueueJob(t.app.db, now, 'sms', { to: 'not-a-number', body: 'x' }, { maxAttempts: 3 });
    const send = t.app.sms.send.bind(t.app.sms);
    t.app.sms.send = async () => {
      throw new Error('the SMS service said no');
    };
    try {
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        await t.app.jobs.drain();
        t.advance(retryDelayMs(attempt));
      }
    } finally {
      t.app.sms.send = send;
    }
    const job = await t.app.db.selectFrom('jobs').selectAll().where('payload', 'like', '%not-a-number%').executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'failed', attempts: 3, last_error: 'Error: the SMS service said no' });
    expect(retryDelayMs(1)).toBeLessThan(retryDelayMs(2));
    expect(retryDelayMs(30)).toBe(30 * 60 * 1000);
  });

  it('gives a job whose worker died to another worker once its lease runs out', async () => {
    const now = t.config.clock();
    await enqueueJob(t.app.db, now, 'mail', { to: 'lease@example.com', subject: 'Lease', text: 'lease', html: '<p>lease</p>' });
    // A worker claimed it and died: running, with a lease that has run out.
    await t.app.db
      .updateTable('jobs')
      .set({ status: 'running', attempts: 1, locked_until: new Date(now.getTime() - 1000).toISOString() })
      .where('payload', 'like', '%lease@example.com%')
      .execute();
    const mails = await mailsOf(t);
    expect(mails.filter((mail) => mail.to.includes('lease@example.com'))).toHaveLength(1);
  });

  it('gives a mail the same Message-ID when its job runs again after its worker died having sent it', async () => {
    const now = t.config.clock();
    for (const to of ['rerun@example.com', 'rerun.other@example.com']) {
      await enqueueJob(t.app.db, now, 'mail', { to, subject: 'Rerun', text: 'rerun', html: '<p>rerun</p>' });
    }
    await t.app.jobs.drain();
    // The worker sent the mail and was killed before it marked the job done: the job is still
    // running under its lease, and runs again on whichever worker finds the lease ended.
    await t.app.db
      .updateTable('jobs')
      .set({ status: 'running', finished_at: null, locked_until: new Date(now.getTime() - 1000).toISOString() })
      .where('payload', 'like', '%"rerun@example.com"%')
      .execute();
    await t.app.jobs.drain();
    const sent = readOutboxFiles(t.config.mailOutboxDir).filter((mail) => /^Subject: Rerun$/m.test(mail));
    const ids = (to: string) => sent.filter((mail) => new RegExp(`^To: ${to}$`, 'm').test(mail)).map(messageIdOf);
    expect(ids('rerun@example.com')).toHaveLength(2);
    const [first, again] = ids('rerun@example.com');
    expect(again).toBe(first);
    expect(first).toMatch(/^<job-\d+[^@\s]*@localhost>$/);
    // Another job's mail has its own Message-ID.
    expect(ids('rerun.other@example.com')).toEqual([expect.stringMatching(/^<job-\d+[^@\s]*@localhost>$/)]);
    expect(ids('rerun.other@example.com')[0]).not.toBe(first);
  });

  it('sends the retry of a mail whose SMTP answer was lost with the first Message-ID, whatever the job', async () => {
    const port = await freePort();
    const smtp = await startSmtp(port, { failFirst: true });
    const app = await buildTestApp(database.url(), { seedDemoData: false, smtpUrl: `smtp://127.0.0.1:${port}` });
    try {
      const email = 'lost.answer@example.com';
      expect((await register(app.app, email, '4150105')).json().errorcode).toBe(1);
      await app.app.jobs.drain();
      // The SMTP server kept the mail but its answer never said so: the job tries again.
      const { user_id: userId } = await app.app.db.selectFrom('users').select('user_id').where('email', '=', email).executeTakeFirstOrThrow();
      const job = await app.app.db.selectFrom('jobs').selectAll().where('name', '=', 'activation-mail').where('payload', '=', JSON.stringify({ userId })).executeTakeFirstOrThrow();
      expect(job).toMatchObject({ status: 'queued', attempts: 1 });
      app.advance(retryDelayMs(1));
      await app.app.jobs.drain();
      const received = smtp.messages.filter((message) => message.includes(`To: ${email}`));
      expect(received).toHaveLength(2);
      expect(messageIdOf(received[1]!)).toBe(messageIdOf(received[0]!));
      expect(messageIdOf(received[0]!)).toMatch(/^<job-\d+[^@\s]*@localhost>$/);
    } finally {
      await app.close();
      await smtp.close();
    }
  });

  it('sends each queued mail once when two servers drain the queue at the same time', async () => {
    const other = await buildTestApp(database.url(), { seedDemoData: false, mailOutboxDir: t.config.mailOutboxDir });
    try {
      const now = t.config.clock();
      for (let n = 0; n < 20; n += 1) {
        await enqueueJob(t.app.db, now, 'mail', { to: `race${n}@example.com`, subject: 'Race', text: `race ${n}`, html: '<p>race</p>' });
      }
      await Promise.all([t.app.jobs.drain(), other.app.jobs.drain()]);
      const raced = readOutbox(t.config.mailOutboxDir).filter((mail) => mail.subject === 'Race');
      expect(raced).toHaveLength(20);
      expect(new Set(raced.map((mail) => mail.to)).size).toBe(20);
    } finally {
      await other.close();
    }
  });

  it('runs a recurring job once per tick however many servers poll', async () => {
    const other = await buildTestApp(database.url(), { seedDemoData: false });
    try {
      await Promise.all([t.app.jobs.drain(), other.app.jobs.drain(), t.app.jobs.drain()]);
      const tick = Math.floor(t.config.clock().getTime() / (60 * 60 * 1000));
      const cleanUps = await t.app.db.selectFrom('jobs').select(['status']).where('unique_key', '=', `clean-up:${tick}`).execute();
      expect(cleanUps).toEqual([{ status: 'done' }]);
    } finally {
      await other.close();
    }
  });
});

describe('clean-up', () => {
  it('deletes expired sessions, AirBox ID holds and wallet links, and keeps live ones', async () => {
    const { userId } = await insertFixtureUser(t.app.db, { role_id: 5, status: 1, email: 'cleanup@example.com', password: 'DemoPass1', box_id: '4150103' });
    const live = await login(t.app, 'cleanup@example.com');
    const now = t.config.clock();
    const past = new Date(now.getTime() - 1000).toISOString();
    await t.app.db
      .insertInto('sessions')
      .values({ token_hash: 'expired-session', user_id: userId, created_at: past, last_seen_at: past, expires_at: past })
      .execute();
    await t.app.db.insertInto('box_id_reservations').values({ box_id: '4150104', expires_at: past, holder_hash: null }).execute();
    // The clean-up of the next hour's tick.
    t.advance(60 * 60 * 1000);
    await t.app.db.updateTable('sessions').set({ last_seen_at: t.config.clock().toISOString() }).where('user_id', '=', userId).where('token_hash', '!=', 'expired-session').execute();
    await t.app.jobs.drain();
    const sessions = await t.app.db.selectFrom('sessions').select('token_hash').where('user_id', '=', userId).execute();
    expect(sessions.map((s) => s.token_hash)).not.toContain('expired-session');
    expect(sessions).toHaveLength(1);
    expect(live.cookie).toBeDefined();
    expect(await t.app.db.selectFrom('box_id_reservations').select('box_id').where('box_id', '=', '4150104').execute()).toEqual([]);
  });
});

describe('clean-up of sign-ups never activated', () => {
  // Its own database and clock: these tests move time by months.
  const own = useTestDatabase();
  const c = useTestApp(own, { seedDemoData: false });
  let d: Directory;
  beforeAll(async () => {
    d = await createDirectory(c.app.db);
  });

  const DAY = 24 * 60 * 60 * 1000;
  const ACTIVATE_PREFIX = 'http://localhost:8080/app/active/';

  /** A sign-up through regist_userInfo, its activation link mailed (so it expires ACTIVATION_LINK_TTL_MS from now). */
  async function signUp(email: string, BOXID: string, extra: Record<string, string | number> = {}): Promise<number> {
    const answer = await postForm(c.app, '/app/v1/regist_userInfo', { ...registration(email, BOXID), lockerUUID: d.hubs.public.id, ...extra });
    expect(answer.json()).toEqual({ errorcode: 1, message: expect.any(String) });
    await c.app.jobs.drain();
    const user = await c.app.db.selectFrom('users').select(['user_id', 'status']).where('email', '=', email).executeTakeFirstOrThrow();
    expect(user.status).toBe(USER_STATUS.notActivated);
    return user.user_id;
  }

  async function stays(userId: number): Promise<boolean> {
    return (await c.app.db.selectFrom('users').select('user_id').where('user_id', '=', userId).executeTakeFirst()) !== undefined;
  }

  const cleanUp = () => cleanUpExpiredRows(c.app);

  it('deletes a sign-up 30 days and 1 s after its activation link expired, with the rows that name it; its AirBox ID and e-mail can sign up again', async () => {
    const email = 'never.activated@example.com';
    const boxId = freshBoxId();
    const userId = await signUp(email, boxId);
    // A reset link asked for half an hour before (anyone who knows the address can) does not keep it, and goes with it.
    c.advance(ACTIVATION_LINK_TTL_MS + KEEP_ENDED_MS + 1000 - 30 * 60 * 1000);
    expect((await postForm(c.app, '/app/v1/checkUser', { email })).statusCode).toBe(200);
    await c.app.jobs.drain();
    // Any other row that names it (a locker QR code's version, here) goes too.
    await c.app.db.insertInto('user_qr_codes').values({ user_id: userId, reset_at: null }).execute();
    const tokensOf = () => c.app.db.selectFrom('user_tokens').select('purpose').where('user_id', '=', userId).orderBy('purpose').execute();
    expect(await tokensOf()).toEqual([{ purpose: 'activation' }, { purpose: 'reset' }]);
    c.advance(30 * 60 * 1000);

    await cleanUp();
    expect(await stays(userId)).toBe(false);
    expect(await tokensOf()).toEqual([]);
    expect(await c.app.db.selectFrom('user_qr_codes').select('version').where('user_id', '=', userId).execute()).toEqual([]);
    // The AirBox ID and the e-mail are free again.
    const again = await signUp(email, boxId);
    expect(again).not.toBe(userId);
  });

  it('keeps a sign-up whose link expired 29 days ago, and at 30 days; deletes it 1 s later', async () => {
    const userId = await signUp('twenty.nine@example.com', freshBoxId());
    c.advance(ACTIVATION_LINK_TTL_MS + 29 * DAY);
    await cleanUp();
    expect(await stays(userId)).toBe(true);
    c.advance(DAY);
    await cleanUp();
    expect(await stays(userId)).toBe(true);
    c.advance(1000);
    await cleanUp();
    expect(await stays(userId)).toBe(false);
  });

  it('keeps a sign-up that asked for a new link: its newest link counts', async () => {
    const userId = await signUp('asked.again@example.com', freshBoxId());
    c.advance(ACTIVATION_LINK_TTL_MS + 20 * DAY);
    await postForm(c.app, '/app/v1/resendRegristerEmail', { userID: userId });
    await c.app.jobs.drain();
    const links = await c.app.db.selectFrom('user_tokens').select('expires_at').where('user_id', '=', userId).where('purpose', '=', 'activation').execute();
    expect(links).toHaveLength(2);
    // The first link expired 30 days and 1 s ago; the new one 9 days ago.
    c.advance(10 * DAY + 1000);
    await cleanUp();
    expect(await stays(userId)).toBe(true);
    // The new link's 30 days over, it goes.
    c.advance(20 * DAY + ACTIVATION_LINK_TTL_MS);
    await cleanUp();
    expect(await stays(userId)).toBe(false);
  });

  it('never deletes an activated account, one with no activation link, or one a campus names; a sign-up beside them goes', async () => {
    const activatedEmail = 'activated@example.com';
    const before = (await mailsOf(c)).length;
    const activated = await signUp(activatedEmail, freshBoxId());
    const [mail] = (await mailsOf(c)).slice(before).filter((m) => m.to.includes(activatedEmail));
    const code = decodeURIComponent(linkIn(mail, ACTIVATE_PREFIX).split('/app/active/')[1]!.replace(/\/$/, ''));
    expect((await postForm(c.app, '/app/v1/userActivate', { activateCode: code })).json().errorcode).toBe(1);
    // Made by an operator without a link (as the demo's pending account is).
    const { userId: noLink } = await insertFixtureUser(c.app.db, { role_id: ROLE.customer, status: USER_STATUS.notActivated, email: 'no.link@example.com', password: 'DemoPass1', box_id: freshBoxId() });
    // A property manager made not activated, a campus already theirs, who was sent a link: deleting it would break the campus.
    const { userId: manager } = await insertFixtureUser(c.app.db, { role_id: ROLE.business, status: USER_STATUS.notActivated, email: 'new.manager@example.com', password: 'DemoPass1', box_id: freshBoxId() });
    await insertCampus(c.app.db, { bc_name: 'New Campus', address1: '2 Pier', city: 'San Francisco', state: 'CA', zip_code: '94110', bcm_user_id: manager });
    await postForm(c.app, '/app/v1/resendRegristerEmail', { userID: manager });
    const neverActivated = await signUp('beside@example.com', freshBoxId());
    expect(await c.app.db.selectFrom('user_tokens').select('user_id').where('user_id', '=', manager).execute()).toHaveLength(1);

    c.advance(ACTIVATION_LINK_TTL_MS + KEEP_ENDED_MS + 1000);
    await cleanUp();
    c.advance(365 * DAY);
    await cleanUp();
    expect(await stays(neverActivated)).toBe(false);
    expect(await stays(activated)).toBe(true);
    expect(await stays(noLink)).toBe(true);
    expect(await stays(manager)).toBe(true);
  });

  it('keeps a sign-up that received a locker delivery: its package, code and ledger stay, and its AirBox ID is not handed on', async () => {
    // Lockers take deliveries for an AirBox ID whether or not its account was activated.
    const boxId = freshBoxId();
    const userId = await signUp('uses.the.locker@example.com', boxId);
    const recorded = await recordDelivery({ db: c.app.db, config: c.config, log: c.app.log }, { type: 'delivered', boxId, hubId: d.hubs.public.id, carrier: 'USPS', trackingNo: '9400111202555842761077' });
    expect(recorded.pickupCode).toMatch(/^\d+$/);
    c.advance(ACTIVATION_LINK_TTL_MS + KEEP_ENDED_MS + 1000);
    await cleanUp();
    expect(await stays(userId)).toBe(true);
    expect(await c.app.db.selectFrom('locker_packages').select('user_id').where('user_id', '=', userId).execute()).toHaveLength(1);
  });

  it('an invitation sign-up deleted leaves its code\'s use counted (the admin reopens a code, not the clean-up)', async () => {
    const codeId = await insertCode(c.app.db, { code: 'TWOUSE', bcm_user_id: d.manager, max_uses: 2 });
    const userId = await signUp('invited@example.com', freshBoxId(), { Activation_code: 'TWOUSE', role_id: ROLE.companyUser, ...d.placements.widgets, lockerUUID: d.hubs.north.id });
    const usesOf = async () => (await c.app.db.selectFrom('invitation_codes').select('uses').where('id', '=', codeId).executeTakeFirstOrThrow()).uses;
    expect(await usesOf()).toBe(1);
    c.advance(ACTIVATION_LINK_TTL_MS + KEEP_ENDED_MS + 1000);
    await cleanUp();
    expect(await stays(userId)).toBe(false);
    expect(await usesOf()).toBe(1);
  });
});

describe('the job worker', () => {
  it('runs a job while one of another kind is still running: an activation mail is not held up behind it', async () => {
    // The SMTP server leaves the mail to long@ unanswered until released: that mail's job runs on.
    const port = await freePort();
    const smtp = await startSmtp(port, { holdTo: 'long@example.com' });
    const app = await buildTestApp(database.url(), { seedDemoData: false, jobWorker: true, smtpUrl: `smtp://127.0.0.1:${port}` });
    try {
      const send = (to: string) => enqueueJob(app.app.db, app.config.clock(), 'mail', { to, subject: to, text: to, html: `<p>${to}</p>` });
      const statusOfFirst = async () => (await app.app.db.selectFrom('jobs').select('status').where('payload', 'like', '%long@example.com%').executeTakeFirstOrThrow()).status;
      await send('long@example.com');
      const to = () => smtp.messages.map((raw) => /^To: (.*?)\r?$/m.exec(raw)?.[1]);
      await waitFor(() => (to().includes('long@example.com') ? true : undefined), 'the first mail, held by the SMTP server');
      // A mail of the same kind waits for it, in order; a registration's activation mail (a job of
      // another kind) goes out meanwhile.
      await send('after@example.com');
      expect((await register(app.app, 'next@example.com', '4150109')).json().errorcode).toBe(1);
      app.app.jobs.nudge();
      await waitFor(() => (to().includes('next@example.com') ? true : undefined), 'the activation mail while the first is held');
      expect(await statusOfFirst()).toBe('running');
      expect(to()).not.toContain('after@example.com');
      // Released, the first is sent, then the one after it.
      smtp.release();
      await expect.poll(statusOfFirst, { timeout: 15_000 }).toBe('done');
      await waitFor(() => (to().includes('after@example.com') ? true : undefined), 'the mail after the first');
      expect(to().filter((address) => address === 'long@example.com' || address === 'after@example.com')).toEqual(['long@example.com', 'after@example.com']);
    } finally {
      smtp.release();
      await app.close();
      await smtp.close();
    }
  }, 60_000);

  it("keeps going when a job's end cannot be written (the database away), and runs the job again once its lease ends", async () => {
    // The database refuses to write this job's end, done or failed, as one that has gone away would.
    const db = t.app.db;
    if (isSqlite(db)) {
      await sql`create trigger jobs_end_refused before update of status on jobs when new.status <> 'running' and new.payload like '%unrecorded@%' begin select raise(abort, 'the database is away'); end`.execute(db);
    } else {
      await sql`create function jobs_end_refused() returns trigger language plpgsql as $$ begin if new.status <> 'running' and new.payload like '%unrecorded@%' then raise exception 'the database is away'; end if; return new; end $$`.execute(db);
      await sql`create trigger jobs_end_refused before update on jobs for each row execute function jobs_end_refused()`.execute(db);
    }
    const statusOf = async () => (await db.selectFrom('jobs').select('status').where('payload', 'like', '%unrecorded@%').executeTakeFirstOrThrow()).status;
    try {
      await enqueueJob(db, t.config.clock(), 'mail', { to: 'unrecorded@example.com', subject: 'Unrecorded', text: 'x', html: '<p>x</p>' });
      await t.app.jobs.drain();
      expect(await statusOf()).toBe('running');
    } finally {
      await sql`drop trigger jobs_end_refused${isSqlite(db) ? sql`` : sql` on jobs`}`.execute(db);
      if (!isSqlite(db)) await sql`drop function jobs_end_refused()`.execute(db);
    }
    t.advance(JOB_LEASE_MS + 1000);
    await t.app.jobs.drain();
    expect(await statusOf()).toBe('done');
  });

  it('polls on its own when JOB_WORKER is on', async () => {
    const app = await buildTestApp(database.url(), { seedDemoData: false, jobWorker: true });
    try {
      await enqueueJob(app.app.db, app.config.clock(), 'mail', { to: 'poll@example.com', subject: 'Poll', text: 'poll', html: '<p>poll</p>' });
      await waitFor(() => (existsSync(app.config.mailOutboxDir) && readdirSync(app.config.mailOutboxDir).length > 0 ? true : undefined), 'the polled mail');
    } finally {
      await app.close();
    }
  });
});
