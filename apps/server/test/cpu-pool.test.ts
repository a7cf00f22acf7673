import { API_ERRORCODE } from '@airbox/contract';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { drawInvoicePdf, type InvoiceContent } from '../src/modules/shipments/invoice-pdf.js';
import { drawLetterSheets } from '../src/modules/shipments/letter-sheets.js';
import { drawLabel, type LabelContent } from '../src/providers/carriers/simulator-label.js';
import {
  type CpuPool,
  CPU_POOL_MESSAGES,
  CpuPoolBusy,
  createCpuPool,
  holdSharedCpuPool,
  releaseSharedCpuPool,
  runCpuTask,
  sharedCpuPool,
} from '../src/workers/cpu-pool.js';
import { buildTestApp, describeOnce, useTestDatabase } from './helper.js';

const ADDRESS = { name: 'José Lopez', company: 'Lopez & Co', street1: '55 Elm St', street2: 'Apt 2', city: 'Portland', state: 'OR', zip: '97201' };
const LABEL: LabelContent = {
  carrier: 'USPS',
  serviceName: 'USPS PRIORITY MAIL',
  trackingCode: '9400111202555842760001',
  from: ADDRESS,
  to: ADDRESS,
  weightOz: 40,
  shipDate: new Date('2026-11-27T10:00:00Z'),
};
const INVOICE: InvoiceContent = {
  brandName: 'AirBox',
  invoiceNo: 'INV-000123',
  issuedAt: new Date('2026-11-27T10:00:00Z'),
  customer: { name: 'Casey Customer', lines: ['1 Main St', 'San Francisco, CA 94105'], email: 'casey@example.com' },
  orderNo: 'AB123456',
  carrier: 'USPS',
  service: 'USPS Priority Mail',
  trackingCode: LABEL.trackingCode,
  package: '12 × 10 × 6 in, 2.5 lb',
  from: ['Casey Customer', '1 Main St'],
  to: ['Maria Lopez', '55 Elm St'],
  rateCents: 1040,
  discountCents: 120,
  insuranceCents: 50,
  insuredValueCents: 10_000,
  totalCents: 970,
  paymentReference: 'PAY-1',
  refund: { status: 'refunded', at: new Date('2026-11-28T10:00:00Z') },
};

/** A PDF without its dates and the file ID pdfkit makes from them (the time it starts a document). */
const undated = (pdf: Buffer) =>
  pdf
    .toString('latin1')
    .replace(/\(D:\d+Z\)/g, '()')
    .replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/, '/ID []');

/** A task that keeps a thread busy for a while: a PNG label is ~30 ms of CPU. */
const slowTask = { task: 'label', content: LABEL, format: 'PNG' } as const;

describeOnce('the worker pool for CPU-heavy work (issue 24 target 3)', () => {
  let pool: CpuPool | undefined;
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  it('draws labels, letter sheets and invoices on its threads byte for byte as they are drawn in place', async () => {
    pool = createCpuPool({ threads: 1, waiting: 8 });
    for (const format of ['PNG', 'ZPL'] as const) {
      expect((await pool.run({ task: 'label', content: LABEL, format })).equals(await drawLabel(LABEL, format)), format).toBe(true);
    }
    expect(undated(await pool.run({ task: 'label', content: LABEL, format: 'PDF' }))).toBe(undated(await drawLabel(LABEL, 'PDF')));
    const png = await drawLabel(LABEL, 'PNG');
    expect(undated(await pool.run({ task: 'letterSheets', pngs: [png, png], title: 'two' }))).toBe(undated(await drawLetterSheets([png, png], 'two')));
    expect(undated(await pool.run({ task: 'invoice', content: INVOICE, compress: false }))).toBe(undated(await drawInvoicePdf(INVOICE, { compress: false })));
    // Buffers come back as Buffers, however they crossed the thread.
    expect(Buffer.isBuffer(await pool.run({ task: 'label', content: LABEL, format: 'ZPL' }))).toBe(true);
  });

  it('refuses a task beyond its threads and waiting places with 503 and a message saying why, and takes tasks again once they are free', async () => {
    pool = createCpuPool({ threads: 1, waiting: 1 });
    const tasks = [pool.run(slowTask), pool.run(slowTask), pool.run(slowTask)];
    const refused = await tasks[2]!.catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CpuPoolBusy);
    expect(refused).toMatchObject({ statusCode: 503, errorcode: API_ERRORCODE.unavailable, message: CPU_POOL_MESSAGES.busy });
    expect(pool.pending).toBe(2);
    await Promise.all(tasks.slice(0, 2));
    expect(pool.pending).toBe(0);
    expect((await pool.run(slowTask)).subarray(1, 4).toString('ascii')).toBe('PNG');
  });

  it('starts no thread before its first task, and ends its threads on close (a later task starts them again)', async () => {
    pool = createCpuPool({ threads: 1, waiting: 1 });
    expect(pool.threads).toBe(0);
    await pool.run({ task: 'label', content: LABEL, format: 'ZPL' });
    expect(pool.threads).toBe(1);
    await pool.close();
    expect(pool.threads).toBe(0);
    await pool.run({ task: 'label', content: LABEL, format: 'ZPL' });
    expect(pool.threads).toBe(1);
  });

  it('starts its first thread when warmed, before any task', async () => {
    pool = createCpuPool({ threads: 2, waiting: 1 });
    pool.warm();
    expect(pool.threads).toBe(1);
    const drawn = await Promise.all([pool.run({ task: 'label', content: LABEL, format: 'ZPL' }), pool.run({ task: 'label', content: LABEL, format: 'ZPL' })]);
    expect(drawn.map((bytes) => bytes.toString('ascii').startsWith('^XA'))).toEqual([true, true]);
    expect(pool.threads).toBeGreaterThanOrEqual(1);
  });
});

describeOnce('the app and its worker pool', () => {
  const database = useTestDatabase();
  // The worker holds the shared pool between files (worker-setup.ts): here the apps alone hold it,
  // as in the portal's process, to see its threads end with the last of them.
  beforeAll(() => releaseSharedCpuPool());
  afterAll(() => holdSharedCpuPool());

  it('answers 503 with the pool’s message when the pool’s queue is full, and the pool’s threads end when the app closes', async () => {
    const built = await buildTestApp(database.url());
    try {
      // A barcode is drawn on the pool: with the pool full, the answer says so.
      const full = vi.spyOn(sharedCpuPool(), 'run').mockRejectedValueOnce(new CpuPoolBusy());
      const refused = await built.app.inject({ method: 'GET', url: '/app/v1/genCode128?pcode=POOL-FULL' });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({ errorcode: API_ERRORCODE.unavailable, message: CPU_POOL_MESSAGES.busy });
      full.mockRestore();
      const drawn = await built.app.inject({ method: 'GET', url: '/app/v1/genCode128?pcode=POOL-FULL' });
      expect(drawn.statusCode).toBe(200);
      expect(sharedCpuPool().threads).toBeGreaterThan(0);
      await runCpuTask({ task: 'label', content: LABEL, format: 'ZPL' });
    } finally {
      await built.close();
    }
    expect(sharedCpuPool().threads).toBe(0);
  });

  it('lets the pool’s threads end with the next app when a start failed (its database refused)', async () => {
    // The pool is held before the database plugin, whose migration finds no PostgreSQL.
    await expect(buildTestApp('postgres://postgres@127.0.0.1:1/nothing')).rejects.toMatchObject({ name: 'MigrationError', cause: { code: 'ECONNREFUSED' } });
    const built = await buildTestApp(database.url());
    try {
      await runCpuTask({ task: 'label', content: LABEL, format: 'ZPL' });
      expect(sharedCpuPool().threads).toBeGreaterThan(0);
    } finally {
      await built.close();
    }
    expect(sharedCpuPool().threads).toBe(0);
  });
});
