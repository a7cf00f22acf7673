import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import { createAccount, signIn, toast } from '../support/accounts';
import { expectNoSeriousViolations } from '../support/axe';
import { RECIPIENT, SENDER, buyLabelThroughApi, chooseLabelAction, openLabelMenu } from '../support/labels';

/*
 * Issue 23 items 4 and 5. Every label format: the customer picks one in My Profile, Purchased
 * Labels opens, downloads and prints in it, and each download may pick another; each file is
 * checked for what it is (the PDF's page size, the PNG's pixels, ZPL's ^XA … ^XZ), and two labels
 * share an 8.5×11 sheet. Ship again: a
 * label's SHIP AGAIN opens the label page filled in from it and rated afresh. At a laptop's width
 * and a phone's. FORMATS_SHOTS=<dir> keeps screenshots of the screens.
 */

const FIRST_LOAD = { timeout: 25_000 };
test.describe.configure({ timeout: 120_000 });
const shots = process.env.FORMATS_SHOTS;

/** Nothing wider than the screen: the page never scrolls sideways. */
const fitsTheScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** The images a PDF draws (each label is one). */
const imageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0;

/** The page sizes of a PDF, in points (its MediaBoxes). */
const pageSizes = (pdf: Buffer) => [...pdf.toString('latin1').matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)].map((match) => [Number(match[1]), Number(match[2])]);

async function bytesOf(download: Promise<Download>): Promise<{ name: string; bytes: Buffer }> {
  const file = await download;
  return { name: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
}

for (const viewport of [
  { width: 1366, height: 800 },
  { width: 375, height: 740 },
]) {
  test(`at ${viewport.width} px: the label format picked in My Profile opens, downloads and prints the label; each format downloaded is what it says`, async ({
    context,
    page,
    baseURL,
  }) => {
    await page.setViewportSize(viewport);
    // The browser's print dialog is counted, not opened.
    await page.addInitScript(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    const account = await createAccount({ firstName: 'Fern' });
    await signIn(context, baseURL!, account.email, account.password);
    const { orderNo } = await buyLabelThroughApi(context.request);
    // A second label, to share an 8.5×11 sheet with the first.
    const second = await buyLabelThroughApi(context.request);

    // My Profile: the 4×6 PDF until another is picked; ZPL picked by keyboard is kept on the server.
    await page.goto('/app/parent/profile');
    const section = page.getByRole('region', { name: 'Label format' });
    const formats = section.getByRole('radiogroup', { name: 'Label format' });
    await expect(formats.getByRole('radio', { name: /^4×6 PDF/ })).toBeChecked(FIRST_LOAD);
    await formats.getByRole('radio', { name: /^ZPL for thermal printers/ }).check();
    await expect(section.getByRole('status')).toHaveText('Labels will open as ZPL for thermal printers.');
    await section.scrollIntoViewIfNeeded();
    expect(await fitsTheScreen(page)).toBe(true);
    await expectNoSeriousViolations(page);
    if (shots) await section.screenshot({ path: `${shots}/profile-label-format-${viewport.width}.png` });
    await page.reload();
    await expect(page.getByRole('region', { name: 'Label format' }).getByRole('radio', { name: /^ZPL/ })).toBeChecked(FIRST_LOAD);

    // Purchased Labels: the label opens in ZPL; its download is a ZPL II label.
    await page.goto('/app/ShipmentParent/shipment');
    const label = (viewport.width < 900 ? page.getByRole('list', { name: 'Purchased Labels' }).getByRole('listitem') : page.getByRole('table', { name: 'Purchased Labels' }).getByRole('row')).filter({ hasText: orderNo });
    await expect(label).toContainText('label created', FIRST_LOAD);
    await chooseLabelAction(page, label, 'VIEW SHIPMENT LABEL');
    const dialog = page.getByRole('dialog', { name: 'Shipment Label Details' });
    await expect(dialog.getByRole('img', { name: new RegExp(`^Shipping label of order ${orderNo}`) })).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Label format' })).toHaveText('ZPL for thermal printers');
    const zpl = await bytesOf(Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'DOWNLOAD ZPL' }).click()]).then(([download]) => download));
    expect(zpl.name).toBe(`label-${orderNo}.zpl`);
    const zplText = zpl.bytes.toString('ascii').trim();
    expect(zplText.startsWith('^XA')).toBe(true);
    expect(zplText.endsWith('^XZ')).toBe(true);
    expect(zplText).toMatch(/\^BC[NR],\d+/);
    expect(zplText).toContain(`^FD${RECIPIENT.firstName} ${RECIPIENT.lastName}^FS`);
    expect(await fitsTheScreen(page)).toBe(true);
    await expectNoSeriousViolations(page);
    if (shots) await page.screenshot({ path: `${shots}/label-dialog-zpl-${viewport.width}.png` });

    // Another format for this download only: each file checked for what it is.
    const pick = async (name: string) => {
      await dialog.getByRole('combobox', { name: 'Label format' }).click();
      await page.getByRole('option', { name, exact: true }).click();
      await expect(dialog.getByRole('combobox', { name: 'Label format' })).toHaveText(name);
    };
    const save = async (button: string) =>
      bytesOf(Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: button }).click()]).then(([download]) => download));

    await pick('4×6 PDF');
    const pdf = await save('DOWNLOAD PDF');
    expect(pdf.name).toBe(`label-${orderNo}.pdf`);
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pageSizes(pdf.bytes)).toEqual([[288, 432]]);

    await pick('4×6 PNG image');
    const png = await save('DOWNLOAD PNG');
    expect(png.name).toBe(`label-${orderNo}.png`);
    expect(png.bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(png.bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
    // 4 × 6 in at 300 dpi.
    expect([png.bytes.readUInt32BE(16), png.bytes.readUInt32BE(20)]).toEqual([1200, 1800]);

    await pick('8.5×11 PDF, two labels a sheet');
    const letter = await save('DOWNLOAD PDF');
    expect(letter.name).toBe(`label-${orderNo}-letter.pdf`);
    expect(pageSizes(letter.bytes)).toEqual([[612, 792]]);
    expect(imageCount(letter.bytes)).toBe(1);
    // Two labels a sheet: the second label in the bottom half.
    await dialog.getByRole('combobox', { name: 'Bottom half of the sheet' }).click();
    await page.getByRole('option', { name: new RegExp(`^Order ${second.orderNo}`) }).click();
    const twoUp = await save('DOWNLOAD PDF');
    expect(pageSizes(twoUp.bytes)).toEqual([[612, 792]]);
    expect(imageCount(twoUp.bytes)).toBe(2);
    expect(twoUp.bytes.toString('latin1')).toContain(`(Shipping labels ${orderNo}, ${second.orderNo})`);
    if (shots) await page.screenshot({ path: `${shots}/label-dialog-letter-${viewport.width}.png` });
    await dialog.getByRole('button', { name: 'CLOSE' }).click();
    await expect(dialog).toBeHidden();

    // PRINT LABEL in ZPL saves the file for the thermal printer (a browser cannot print ZPL).
    const printButton = label.getByRole('button', { name: `PRINT LABEL, order ${orderNo}` });
    const printedZpl = await bytesOf(Promise.all([page.waitForEvent('download'), printButton.click()]).then(([download]) => download));
    expect(printedZpl.name).toBe(`label-${orderNo}.zpl`);
    await expect(toast(page, `label-${orderNo}.zpl is saved: send it to your thermal printer.`)).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(0);

    // The 8.5×11 format prints on a letter page: the label sideways in its top half.
    await context.request.post('/app/v1/labelFormat/save', { form: { labelFormat: 'pdf-letter' } });
    await page.reload();
    await expect(label).toContainText('label created', FIRST_LOAD);
    await label.getByRole('button', { name: `PRINT LABEL, order ${orderNo}` }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    const sheet = page.locator('.label-print[data-sheet="letter"] img');
    await expect(sheet).toBeVisible();
    const printed = await sheet.evaluate((image) => ({ transform: getComputedStyle(image).transform, width: image.getBoundingClientRect().width, height: image.getBoundingClientRect().height }));
    // rotate(90deg): 6 in wide and 4 in high on the page (96 px an inch).
    expect(printed.transform).toBe('matrix(0, 1, -1, 0, 0, 0)');
    expect([Math.round(printed.width), Math.round(printed.height)]).toEqual([576, 384]);
    await page.emulateMedia({ media: 'screen' });
  });

  test(`at ${viewport.width} px: SHIP AGAIN opens the label page filled in from a label and rated afresh, its service chosen again`, async ({ context, page, baseURL }) => {
    await page.setViewportSize(viewport);
    const account = await createAccount({ firstName: 'Reed' });
    await signIn(context, baseURL!, account.email, account.password);
    const { orderNo } = await buyLabelThroughApi(context.request, { carrier: 'USPS' });
    const list = await context.request.get('/app/v1/userGetShipment', { params: { user_id: account.userId, start: 0, num: 10 } });
    const bought = ((await list.json()) as { data: { list: { orderNo: string; shippingIndexID: number; rateService: string }[] } }).data.list.find((row) => row.orderNo === orderNo)!;

    await page.goto('/app/ShipmentParent/shipment');
    const label = (viewport.width < 900 ? page.getByRole('list', { name: 'Purchased Labels' }).getByRole('listitem') : page.getByRole('table', { name: 'Purchased Labels' }).getByRole('row')).filter({ hasText: orderNo });
    await expect(label).toContainText('label created', FIRST_LOAD);
    // SHIP AGAIN in the label's details, and in its ⋯ menu, lead to the same page.
    await chooseLabelAction(page, label, 'DETAILS');
    const details = page.getByRole('dialog', { name: 'Shipment Order Details' });
    const fromDetails = details.getByRole('link', { name: 'SHIP AGAIN' });
    await expect(fromDetails).toBeVisible();
    expect(await fitsTheScreen(page)).toBe(true);
    if (shots) await page.screenshot({ path: `${shots}/details-ship-again-${viewport.width}.png` });
    const href = await fromDetails.getAttribute('href');
    await details.getByRole('button', { name: 'CLOSE' }).click();
    await expect(details).toBeHidden();
    const menu = await openLabelMenu(page, label);
    await expect(menu.getByRole('menuitem', { name: 'SHIP AGAIN' })).toHaveAttribute('href', href!);
    await expect(page.locator('.MuiMenu-paper')).toHaveCSS('opacity', '1');
    await expectNoSeriousViolations(page);
    if (shots) await page.screenshot({ path: `${shots}/menu-ship-again-${viewport.width}.png` });
    const rated = page.waitForResponse((response) => response.url().endsWith('/app/v1/labelPurchase/rates') && response.request().method() === 'POST');
    await menu.getByRole('menuitem', { name: 'SHIP AGAIN' }).click();

    // Rated afresh, as the page opens: a new draft, today's rates, the label's service chosen again.
    const answer = (await (await rated).json()) as { errorcode: number; data: { draftId: number; rates: { rateId: string; carrier: string; service: string; rate: string }[] } };
    expect(answer.errorcode).toBe(0);
    expect(answer.data.draftId).not.toBe(bought.shippingIndexID);
    await expect(page.getByText(new RegExp(`^Shipping again as order ${orderNo}:`))).toBeVisible(FIRST_LOAD);
    await expect(page.getByRole('heading', { level: 2, name: 'Rates' })).toBeVisible();
    const same = answer.data.rates.find((rate) => rate.carrier === 'USPS' && rate.service === bought.rateService)!;
    const services = page.getByRole('radiogroup', { name: 'Services' });
    await expect(services.getByRole('radio', { checked: true })).toHaveCount(1);
    await expect(services.locator('label').filter({ has: page.getByRole('radio', { checked: true }) })).toContainText(`$${same.rate}`);
    expect(await fitsTheScreen(page)).toBe(true);
    await expectNoSeriousViolations(page);
    if (shots) await page.screenshot({ path: `${shots}/ship-again-rates-${viewport.width}.png`, fullPage: true });

    // Every step holds the label's values: the sender and recipient on Review.
    await page.getByRole('button', { name: 'Next' }).click();
    const summary = page.getByLabel('Your label');
    await expect(summary).toContainText(`${SENDER.firstName} ${SENDER.lastName}`);
    await expect(summary).toContainText(`${RECIPIENT.address1}, ${RECIPIENT.city}, ${RECIPIENT.state} ${RECIPIENT.zipcode}`);
    await expect(summary).toContainText('8 × 6 × 4 in, 1 lb 0 oz');
    await expect(page.getByRole('button', { name: `Pay $${same.rate}` })).toBeVisible();
    expect(await fitsTheScreen(page)).toBe(true);
    if (shots) await page.screenshot({ path: `${shots}/ship-again-review-${viewport.width}.png`, fullPage: true });
  });
}
