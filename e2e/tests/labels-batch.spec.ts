import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { alertBox, createAccount, signIn, toast } from '../support/accounts';
import { expectNoSeriousViolations } from '../support/axe';
import { fitsTheScreen, setMailingAddress } from '../support/labels';
import { pdfPageCount } from '../support/pdf';

/*
 * Issue 25 item 1, at 1366 and 375 px, on the carriers and payment simulators: a CSV of 20 rows
 * with 2 bad ones uploaded on Label Batches, each mistake said at its cell; both rows fixed in
 * place; every row rated cheapest with one total; paid once on the payment simulator; the labels
 * bought with their progress until finished; the merged PDF (20 pages) and the tracking CSV (20
 * tracking numbers) downloaded. A batch whose 13 lb parcel the carrier refuses (the carriers
 * simulator refuses a 13 lb parcel at purchase) lists that row refunded once. Nothing wider than
 * the screen; axe clean on each screen. BATCH_SHOTS=<dir> keeps screenshots.
 */

const FIRST_LOAD = { timeout: 25_000 };
/** Dollars as the portal writes them (formatUsd: grouped, '$1,640.00'), in a RegExp's source. */
const MONEY = String.raw`\$\d{1,3}(?:,\d{3})*\.\d\d`;
const JOB = { timeout: 60_000 };
test.describe.configure({ timeout: 180_000 });
const shots = process.env.BATCH_SHOTS;

async function shot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: join(shots, `${name}.png`) });
}

/** Checks the screen as a customer would leave it: nothing wider than the screen, axe clean. */
async function looksRight(page: Page) {
  expect(await fitsTheScreen(page)).toBe(true);
  await expectNoSeriousViolations(page);
}

const HEADER = 'name,company,street1,street2,city,state,zip,country,phone,email,weight_lb,weight_oz,length,width,height,package,service,reference,comments';
const CITIES = [
  ['Austin', 'TX', '73301'],
  ['Portland', 'OR', '97201'],
  ['Denver', 'CO', '80202'],
  ['Chicago', 'IL', '60601'],
  ['Boston', 'MA', '02108'],
];

/** A CSV of `count` parcels; `change` alters a row's cells (1-based) before it is written. */
function batchCsv(count: number, change: (row: number, cells: Record<string, string>) => void = () => undefined): string {
  const lines = [HEADER];
  for (let row = 1; row <= count; row += 1) {
    const [city, state, zip] = CITIES[row % CITIES.length]!;
    const cells: Record<string, string> = {
      name: `Customer ${row}`,
      company: '',
      street1: `${100 + row} Main St`,
      street2: '',
      city: city!,
      state: state!,
      zip: zip!,
      country: 'US',
      phone: '512-555-0199',
      email: '',
      weight_lb: String(1 + (row % 3)),
      weight_oz: '0',
      length: '10',
      width: '8',
      height: '4',
      package: '',
      service: '',
      reference: `Order ${1000 + row}`,
      comments: '',
    };
    change(row, cells);
    lines.push(HEADER.split(',').map((column) => cells[column] ?? '').join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** A row of the batch: the table's row on a computer, its card on a phone. */
const rowOf = (page: Page, narrow: boolean, row: number): Locator =>
  narrow
    ? page.getByRole('list', { name: 'Rows of the batch' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Row ${row}`, exact: true }) })
    : page
        .getByRole('table', { name: 'Rows of the batch' })
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: String(row), exact: true }) });

async function upload(page: Page, name: string, csv: string) {
  await page.goto('/app/ShipmentParent/batches');
  await expect(page.getByRole('radio', { name: /742 Valencia St/ })).toBeChecked(FIRST_LOAD);
  await page.getByLabel('CSV file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page).toHaveURL(/\/ShipmentParent\/batches\?batch=\d+/, FIRST_LOAD);
  return Number(new URL(page.url()).searchParams.get('batch'));
}

async function rateAndPay(page: Page, rows: number) {
  await page.getByRole('button', { name: 'RATE ALL' }).click();
  await expect(page.getByText(`Total to pay for ${rows} labels:`)).toBeVisible(JOB);
  const pay = page.getByRole('button', { name: new RegExp(`^PAY ${MONEY}$`) });
  const total = (await page.getByTestId('batch-total').textContent())!;
  return { pay, total };
}

async function approvePayment(page: Page) {
  await expect(page.getByRole('heading', { name: 'Payment simulator' })).toBeVisible(FIRST_LOAD);
  await page.getByRole('button', { name: 'Approve' }).click();
}

for (const viewport of [
  { width: 1366, height: 800 },
  { width: 375, height: 740 },
]) {
  const narrow = viewport.width < 900;

  test(`at ${viewport.width} px: 20 rows with 2 bad ones fixed in place, rated, paid once, bought, merged PDF and tracking CSV`, async ({ context, page, baseURL }) => {
    await page.setViewportSize(viewport);
    const account = await createAccount({ firstName: 'Bea' });
    await signIn(context, baseURL!, account.email, account.password);
    await setMailingAddress(context.request, account);

    // Reached from My Shipments' tab.
    await page.goto('/app/ShipmentParent/shipment');
    await page.getByRole('tab', { name: 'Label Batches' }).click();
    await expect(page.getByRole('button', { name: 'CHOOSE CSV FILE' })).toBeVisible(FIRST_LOAD);
    await expect(page.getByText('No batches yet.')).toBeVisible();
    await looksRight(page);

    // Row 4's ZIP and row 9's name are wrong.
    const csv = batchCsv(20, (row, cells) => {
      if (row === 4) cells.zip = 'ABCDE';
      if (row === 9) cells.name = '';
    });
    const id = await upload(page, 'spring-orders.csv', csv);
    await expect(page.getByRole('heading', { name: `Batch #${id} · spring-orders.csv` })).toBeVisible();
    await expect(page.getByText('18 ready', { exact: true })).toBeVisible();
    await expect(page.getByText('2 with errors', { exact: true })).toBeVisible();
    await expect(rowOf(page, narrow, 4)).toContainText('Zip: Enter the correct format');
    await expect(rowOf(page, narrow, 9)).toContainText(/Name: /);
    await expect(page.getByText('Fix or delete the 2 rows with errors, then rate.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'RATE ALL' })).toBeDisabled();
    await looksRight(page);
    await rowOf(page, narrow, 4).scrollIntoViewIfNeeded();
    await shot(page, `batch-${viewport.width}-1-upload-errors`);

    // Both fixed in place, in the row's dialog.
    await rowOf(page, narrow, 4).getByRole('button', { name: 'EDIT, row 4' }).click();
    let dialog = page.getByRole('dialog', { name: 'Row 4' });
    await expect(dialog.getByLabel('Zip')).toHaveAccessibleDescription(/Enter the correct format/);
    await expectNoSeriousViolations(page);
    await dialog.getByLabel('Zip').fill('02108');
    await dialog.getByRole('button', { name: 'SAVE ROW' }).click();
    await expect(toast(page, 'Row 4 is saved.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await rowOf(page, narrow, 9).getByRole('button', { name: 'EDIT, row 9' }).click();
    dialog = page.getByRole('dialog', { name: 'Row 9' });
    await dialog.getByLabel('Name').fill('Customer 9');
    await dialog.getByRole('button', { name: 'SAVE ROW' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('20 ready', { exact: true })).toBeVisible();
    await expect(page.getByText('0 with errors', { exact: true })).toBeVisible();

    // Rated cheapest: one total, one payment.
    const { pay, total } = await rateAndPay(page, 20);
    expect(Number(total.replace(/[$,]/g, ''))).toBeGreaterThan(0);
    await expect(rowOf(page, narrow, 1)).toContainText('Rated');
    await looksRight(page);
    await shot(page, `batch-${viewport.width}-2-rated`);
    await pay.click();
    await approvePayment(page);

    // Back on the batch's page: the labels bought one by one, then the files.
    await expect(page).toHaveURL(new RegExp(`/ShipmentParent/batches\\?batch=${id}`), FIRST_LOAD);
    await expect(page.getByText(/Buying the labels: \d+ of 20|Finished: 20 of 20 labels bought/)).toBeVisible(FIRST_LOAD);
    await shot(page, `batch-${viewport.width}-3-progress`);
    // A reload finds the batch where it is.
    await page.reload();
    await expect(page.getByText('Finished: 20 of 20 labels bought.')).toBeVisible(JOB);
    await expect(page.getByText(`Paid ${total}`, { exact: true })).toBeVisible();
    await looksRight(page);
    await shot(page, `batch-${viewport.width}-4-finished`);

    const labels = page.waitForEvent('download');
    await page.getByRole('button', { name: 'DOWNLOAD LABELS' }).click();
    const labelFile = await labels;
    expect(labelFile.suggestedFilename()).toBe(`batch-${id}-labels.pdf`);
    expect(await pdfPageCount(readFileSync((await labelFile.path())!))).toBe(20);

    const tracking = page.waitForEvent('download');
    await page.getByRole('button', { name: 'DOWNLOAD TRACKING CSV' }).click();
    const trackingFile = await tracking;
    expect(trackingFile.suggestedFilename()).toBe(`batch-${id}-tracking.csv`);
    const lines = readFileSync((await trackingFile.path())!, 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('row,reference,recipient,carrier,service,tracking number,price,status');
    expect(lines).toHaveLength(21);
    for (const line of lines.slice(1)) expect(line).toMatch(/,[A-Z0-9]{10,},\d+\.\d\d,bought$/);

    // The list of batches has it, finished.
    await page.getByRole('link', { name: 'ALL BATCHES' }).click();
    const listed = page.getByRole('list', { name: 'Your batches' }).getByRole('listitem').filter({ hasText: `Batch #${id}` });
    await expect(listed).toContainText('Finished');
    await expect(listed).toContainText('20 bought');
    await looksRight(page);
  });

  test(`at ${viewport.width} px: a PDF refused keeping nothing; a row the carrier refuses is listed with its reason and refunded once; the USPS labels get one scan form and open one pickup`, async ({ context, page, baseURL }) => {
    await page.setViewportSize(viewport);
    const account = await createAccount({ firstName: 'Rex' });
    await signIn(context, baseURL!, account.email, account.password);
    await setMailingAddress(context.request, account);

    // A file of the wrong kind is refused in the server's words, and nothing is kept.
    await page.goto('/app/ShipmentParent/batches');
    await expect(page.getByRole('radio', { name: /742 Valencia St/ })).toBeChecked(FIRST_LOAD);
    await page.getByLabel('CSV file').setInputFiles({ name: 'orders.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n') });
    const refusal = alertBox(page);
    await expect(refusal).toContainText('Nothing was kept:');
    await expect(refusal).toContainText('file: this is a PDF document, not a CSV file.');
    await expectNoSeriousViolations(page);
    await refusal.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('No batches yet.')).toBeVisible();
    expect(new URL(page.url()).searchParams.get('batch')).toBeNull();

    // Row 2 weighs 13 lb: the carriers simulator refuses that parcel at purchase.
    const id = await upload(page, 'refused.csv', batchCsv(3, (row, cells) => {
      if (row === 2) cells.weight_lb = '13';
    }));
    const { pay } = await rateAndPay(page, 3);
    await pay.click();
    await approvePayment(page);
    await expect(page).toHaveURL(new RegExp(`/ShipmentParent/batches\\?batch=${id}`), FIRST_LOAD);
    await expect(page.getByText('Finished: 2 of 3 labels bought.')).toBeVisible(JOB);
    const refused = page.getByRole('list', { name: 'Refused by the carrier' }).getByRole('listitem');
    await expect(refused).toHaveCount(1);
    await expect(refused).toContainText('Row 2 (Customer 2)');
    await expect(refused).toContainText(new RegExp(`refunded ${MONEY}`), JOB);
    const amount = new RegExp(`refunded (${MONEY})`).exec((await refused.textContent())!)![1]!;
    // Refunded once: the batch says the same amount given back, no more.
    await expect(page.getByText(new RegExp(`^Paid ${MONEY}, refunded ${amount.replace(/[$.]/g, '\\$&')}$`))).toBeVisible();
    await expect(rowOf(page, narrow, 2)).toContainText('Refused');
    await looksRight(page);
    await shot(page, `batch-${viewport.width}-5-refused`);

    // Its two USPS labels: one scan form (Purchased Labels' call and question), then one pickup (its wizard for several labels).
    await expect(page.getByText('2 USPS labels in this batch: one scan form USPS scans once, and one pickup for all of them.')).toBeVisible();
    await page.getByRole('button', { name: 'CREATE SCAN FORM' }).click();
    const question = alertBox(page);
    await expect(question).toContainText('Make one USPS scan form for these 2 labels?');
    await question.getByRole('button', { name: 'CONFIRM' }).click();
    await expect(toast(page, 'Scan form made for 2 labels')).toBeVisible();
    await page.getByRole('button', { name: 'SCHEDULE ONE PICKUP' }).click();
    const wizard = page.getByRole('dialog', { name: 'Schedule a pickup' });
    await expect(wizard.getByRole('form', { name: 'Confirm Packages step' })).toContainText('2 USPS labels, one pickup', FIRST_LOAD);
    await looksRight(page);
  });
}
