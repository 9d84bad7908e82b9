import { expect, signInWithToken, test, toast } from './fixtures';
import { ADMIN_EMAIL } from './support/accounts';

const HEADER = 'sku,name,description,img,price,availableQuantity,minimumOrder,reorderLevel,category,weightKg,oemNumbers,replaces,fitments';

/** A CSV file as the file input takes it. */
function csvFile(text: string) {
  return { name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') };
}

test('an admin imports a catalogue file, fixes its bad row, and sees the parts, the sales and the audit record', async ({ page, api, adminToken, shopper }) => {
  const tag = Date.now().toString(36).toUpperCase();
  const img = await api.uploadImage(adminToken);
  const pads = `Import Pads ${tag}`;
  const filter = `Import Filter ${tag}`;
  const row = (price: string) =>
    `${HEADER}\nIMP-${tag}-1,${pads},Imported pads,${img},29.99,40,1,5,Brakes,1.2,,,\nIMP-${tag}-2,${filter},Imported filter,${img},${price},60,1,,,,,,\n`;

  // The dashboard opens on the sales; the menu leads to Import / Export.
  await signInWithToken(page, adminToken, '/dashboard');
  await expect(page).toHaveURL('/dashboard/sales');
  await expect(page.getByRole('heading', { level: 1, name: 'Sales' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Shop records' }).getByRole('link', { name: 'Import / Export' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import / Export' })).toBeVisible();

  // A file with one bad price: the report names its row and column, and nothing is imported.
  await page.getByLabel('CSV file').setInputFiles(csvFile(row('cheap')));
  await page.getByRole('button', { name: 'Check file' }).click();
  const report = page.getByRole('table', { name: 'Rows to fix' });
  await expect(report).toBeVisible();
  const bad = report.getByRole('row').nth(1);
  await expect(bad.getByRole('cell').nth(0)).toHaveText('3');
  await expect(bad.getByRole('cell').nth(1)).toHaveText('price');
  await expect(report.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Confirm import' })).toHaveCount(0);

  // Fixed, the file checks out: two parts to add, then imported for real.
  await page.getByLabel('CSV file').setInputFiles(csvFile(row('8.50')));
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByText('The file is correct. Importing it will do this:')).toBeVisible();
  await expect(page.getByText('Added', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('2');
  await page.getByRole('button', { name: 'Confirm import' }).click();
  await expect(toast(page, 'Catalogue imported: 2 added, 0 updated.')).toBeVisible();
  await expect(page.getByText('The catalogue is imported.')).toBeVisible();

  // The new parts are in the catalogue.
  await page.goto(`/parts?q=${encodeURIComponent(`Import ${tag}`)}`);
  await expect(page.getByRole('heading', { name: pads })).toBeVisible();
  await expect(page.getByRole('heading', { name: filter })).toBeVisible();

  // A buyer orders one; the sales dashboard counts today's order.
  const imported = await api.newestPart();
  expect(imported.name).toBe(filter);
  await api.placeOrder(shopper.token, imported._id, 2);
  await page.goto('/dashboard/sales');
  await expect(page.getByRole('heading', { level: 1, name: 'Sales' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /The last 30 days: [1-9]\d* orders?/ })).toBeVisible();
  const today = new Date().toISOString().slice(0, 10);
  // The chart is drawn on its canvas, named by a summary that ends on today; its figures are in a table.
  const ordersFigure = page.getByRole('figure', { name: 'Orders a day' });
  const ordersChart = ordersFigure.getByRole('img', { name: new RegExp(`^Orders a day, 30 days from .* to ${today}: [1-9]\\d* in total`) });
  await expect(ordersChart).toBeVisible();
  await expect
    .poll(() =>
      ordersChart.evaluate((canvas: HTMLCanvasElement) => {
        const pixels = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
        return pixels.some((value, index) => index % 4 === 3 && value > 0);
      }),
    )
    .toBe(true);
  await ordersFigure.getByText('Show the figures').click();
  const todayRow = ordersFigure.getByRole('table', { name: 'Orders a day' }).getByRole('row').last();
  await expect(todayRow).toHaveText(new RegExp(`^${today}\\s*[1-9]\\d*$`));

  // The audit log shows the import, by this admin.
  await page.getByRole('navigation', { name: 'Shop records' }).getByRole('link', { name: 'Audit Log' }).click();
  await page.getByLabel('Action').selectOption('parts.imported');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/action=parts\.imported/);
  const record = page.getByRole('table', { name: 'Audit records, newest first' }).locator('tbody > tr').first();
  await expect(record).toContainText('Catalogue imported');
  await expect(record).toContainText(ADMIN_EMAIL);
  await expect(record).toContainText('catalogue import');
});

test('on a phone the audit log fits the screen: its table scrolls in its own box', async ({ page, adminToken }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInWithToken(page, adminToken, '/dashboard/audit');
  await expect(page.getByRole('table', { name: 'Audit records, newest first' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const filters = page.getByRole('form', { name: 'Filter the audit log' });
  expect((await filters.boundingBox())!.width).toBeLessThanOrEqual(390);
  // The records' box is what scrolls sideways, reachable from the keyboard.
  const box = page.getByRole('region', { name: 'Audit records' });
  expect(await box.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  await expect(box).toHaveAttribute('tabindex', '0');
});

test('a big file is checked as a job whose progress the page shows, and again after a reload', async ({ page, adminToken }) => {
  const tag = Date.now().toString(36).toUpperCase();
  const ROWS = 40_000;
  // A dry run: checked and counted a batch at a time, nothing written, so the
  // catalogue the other tests see stays as it is.
  const lines = [HEADER];
  for (let n = 0; n < ROWS; n += 1) {
    lines.push(`BIG-${tag}-${n},Bulk gasket ${n},Exhaust gasket,,4.50,10,1,,Exhaust,0.05,OEM-${tag}-${n},,Ford|Focus|2012|2018`);
  }
  await signInWithToken(page, adminToken, '/dashboard/catalogue');
  await expect(page.getByRole('heading', { level: 1, name: 'Import / Export' })).toBeVisible();
  await page.getByLabel('CSV file').setInputFiles(csvFile(`${lines.join('\n')}\n`));
  await page.getByRole('button', { name: 'Check file' }).click();

  // The job's progress: a bar and how many of the rows are done.
  const progress = page.getByRole('progressbar', { name: 'Import progress' });
  await expect(progress).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/^Checking: [\d,]+ of 40,000 rows$/)).toBeVisible();
  await expect(page.getByText(`Started by ${ADMIN_EMAIL}.`, { exact: false })).toBeVisible();

  // A reload finds the running job again and follows it to its end.
  await page.reload();
  await expect(progress).toBeVisible();
  await expect(page.getByText('The file is correct. Importing it will do this:')).toBeVisible({ timeout: 120_000 });
  await expect(page.getByText('Added', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('40,000');
  await expect(page.getByText('Choose the file again to import it.')).toBeVisible();
});
