import { expect, signInWithToken, test, toast } from './fixtures';
import { uniqueAccount } from './support/accounts';
import { pngUpload } from './support/png';

test.describe('admin', () => {
  test('an admin sees the admin menu with their own orders, and the buyer-only pages send them to it', async ({ page, adminToken }) => {
    await signInWithToken(page, adminToken, '/dashboard/review');
    await expect(page).toHaveURL('/dashboard/sales');
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(menu.getByRole('link')).toHaveText(['All Users', 'Add A New Part', 'Manage Parts', 'Manage Orders', 'Returns', 'My Orders', 'My Returns', 'My Profile']);
  });

  test('an admin makes a user an admin', async ({ page, api, adminToken }) => {
    const someone = await api.signup(uniqueAccount('Promote'));
    await signInWithToken(page, adminToken, '/dashboard/users');
    await expect(page.getByRole('heading', { level: 1, name: 'All Users' })).toBeVisible();

    const row = page.getByRole('row').filter({ hasText: someone.email });
    // The button names its user; nothing changes before the admin confirms.
    await row.getByRole('button', { name: `Make Admin ${someone.email}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Make this user an admin?' });
    await expect(dialog).toContainText(someone.email);
    await dialog.getByRole('button', { name: 'Make Admin' }).click();
    await expect(toast(page, 'Successfully made an admin')).toBeVisible();
    await expect(row.getByText('Admin', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Make Admin' })).toHaveCount(0);
    expect(await api.isAdmin(adminToken, someone.email)).toBe(true);
  });

  test('an admin removes another admin after confirming, and their session ends', async ({ page, api, adminToken }) => {
    const someone = await api.signup(uniqueAccount('Demote'));
    await signInWithToken(page, adminToken, '/dashboard/users');
    const row = page.getByRole('row').filter({ hasText: someone.email });
    await row.getByRole('button', { name: `Make Admin ${someone.email}` }).click();
    await page.getByRole('dialog', { name: 'Make this user an admin?' }).getByRole('button', { name: 'Make Admin' }).click();
    await expect(toast(page, 'Successfully made an admin')).toBeVisible();
    expect(await api.isAdmin(adminToken, someone.email)).toBe(true);

    // The admin's own row offers no Remove admin.
    await expect(page.getByRole('row').filter({ hasText: 'admin@example.com' }).getByRole('button', { name: /Remove admin/ })).toHaveCount(0);

    // Cancel keeps them an admin.
    const remove = row.getByRole('button', { name: `Remove admin ${someone.email}` });
    await remove.click();
    const dialog = page.getByRole('dialog', { name: 'Remove this admin?' });
    await expect(dialog).toContainText(`${someone.name} (${someone.email}) becomes a user again and is signed out everywhere.`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect(await api.isAdmin(adminToken, someone.email)).toBe(true);

    await remove.click();
    await dialog.getByRole('button', { name: 'Remove admin' }).click();
    await expect(toast(page, `${someone.name} is no longer an admin`)).toBeVisible();
    await expect(row.getByRole('button', { name: `Make Admin ${someone.email}` })).toBeVisible();
    await expect(row.getByText('Admin', { exact: true })).toHaveCount(0);
    expect(await api.isAdmin(adminToken, someone.email)).toBe(false);
    // The token they held as an admin no longer works.
    expect(await api.meStatus(someone.token)).toBe(401);
  });

  test('an admin adds a part with a picture and it shows on the home page', async ({ page, adminToken }) => {
    const name = `Ceramic Brake Pads ${Date.now().toString(36)}`;
    await signInWithToken(page, adminToken, '/dashboard/addPart');
    await expect(page.getByRole('heading', { level: 1, name: 'Add A New Part' })).toBeVisible();

    await page.getByRole('button', { name: 'Add Part' }).click();
    await expect(page.getByText('Price is Required')).toBeVisible();
    await expect(page.getByText('Quantity is Required')).toHaveCount(2);
    await expect(page.getByText('Image is Required')).toBeVisible();

    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Description').fill('Low-dust ceramic pads with shims and clips included.');
    await page.getByLabel('Price').fill('42.50');
    await page.getByLabel('Available Quantity').fill('120');
    await page.getByLabel('Minimum Order').fill('2');
    await page.getByLabel('Image').setInputFiles(pngUpload('pads.png', [30, 64, 175]));
    await page.getByRole('button', { name: 'Add Part' }).click();
    await expect(toast(page, 'Part added successfully')).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    const card = page.getByRole('region', { name: 'Available parts' }).getByRole('article').filter({ hasText: name });
    await expect(card).toBeVisible();
    await expect(card).toContainText('$42.50');
    await expect(card.getByRole('img', { name })).toHaveAttribute('src', /^\/api\/image\//);
  });

  test('an admin deletes a part after confirming in the modal', async ({ page, api, adminToken, ownPart }) => {
    await signInWithToken(page, adminToken, '/dashboard/managePart');
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Parts' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: ownPart.name });

    // Cancel closes the modal and keeps the part.
    await row.getByRole('button', { name: `Delete ${ownPart.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Delete ${ownPart.name}?` });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: `Delete ${ownPart.name}` }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, `${ownPart.name} is deleted.`)).toBeVisible();
    await expect(row).toHaveCount(0);
    expect(await api.partStatus(ownPart._id)).toBe(404);
  });

  test("an admin edits a part's price and stock", async ({ page, api, adminToken, ownPart }) => {
    await signInWithToken(page, adminToken, '/dashboard/managePart');
    const row = page.getByRole('row').filter({ hasText: ownPart.name });
    await row.getByRole('button', { name: `Edit ${ownPart.name}` }).click();

    const dialog = page.getByRole('dialog', { name: `Edit ${ownPart.name}` });
    await expect(dialog.getByLabel('Price')).toHaveValue('12.5');
    await dialog.getByLabel('Price').fill('19.99');
    await dialog.getByLabel('Available Quantity').fill('55');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, `${ownPart.name} is updated.`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('$19.99');
    await expect(row).toContainText('55');

    const saved = await api.part(ownPart._id);
    expect(saved.price).toBe(19.99);
    expect(saved.availableQuantity).toBe(55);
    expect(saved.minimumOrder).toBe(ownPart.minimumOrder);
  });

  test("an admin changes a part's name and picture, previewed first, and the catalogue shows them", async ({ page, api, adminToken, ownPart }) => {
    const pictureOf = async (id: string) => ((await api.part(id)) as unknown as { img: string }).img;
    const before = await pictureOf(ownPart._id);
    const name = `Renamed Part ${Date.now().toString(36)}`;
    await signInWithToken(page, adminToken, '/dashboard/managePart');
    const row = page.getByRole('row').filter({ hasText: ownPart.name });
    await row.getByRole('button', { name: `Edit ${ownPart.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${ownPart.name}` });
    await expect(dialog.getByRole('img', { name: `Picture of ${ownPart.name}` })).toBeVisible();

    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Picture').setInputFiles(pngUpload('new-look.png', [200, 40, 40]));
    const preview = dialog.getByRole('img', { name: `Preview of the new picture of ${ownPart.name}` });
    await expect(preview).toHaveAttribute('src', /^blob:/);
    // The preview is the picture chosen, drawn by the browser.
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(96);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, `${name} is updated.`)).toBeVisible();
    await expect(dialog).toBeHidden();

    expect((await api.part(ownPart._id)).name).toBe(name);
    const img = await pictureOf(ownPart._id);
    expect(img).toMatch(/^\/api\/image\//);
    expect(img).not.toBe(before);

    await page.goto(`/parts?q=${encodeURIComponent(name)}`);
    const card = page.getByRole('article').filter({ hasText: name });
    await expect(card).toBeVisible();
    await expect(card.getByRole('img', { name })).toHaveAttribute('src', img);
  });

  test('an edit that leaves the stock alone keeps the orders placed while the form was open', async ({ page, api, adminToken, ownPart, shopper }) => {
    await signInWithToken(page, adminToken, '/dashboard/managePart');
    const row = page.getByRole('row').filter({ hasText: ownPart.name });
    await row.getByRole('button', { name: `Edit ${ownPart.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${ownPart.name}` });
    await expect(dialog.getByLabel('Available Quantity')).toHaveValue(String(ownPart.availableQuantity));

    await api.placeOrder(shopper.token, ownPart._id, ownPart.minimumOrder);
    const description = 'Sturdy, reliable, and now with a better description.';
    await dialog.getByLabel('Description').fill(description);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, `${ownPart.name} is updated.`)).toBeVisible();

    const saved = await api.part(ownPart._id);
    expect(saved.description).toBe(description);
    expect(saved.availableQuantity).toBe(ownPart.availableQuantity - ownPart.minimumOrder);
  });

  test('a stock change over orders placed meanwhile is refused and the form loads the current stock', async ({ page, api, adminToken, ownPart, shopper }) => {
    await signInWithToken(page, adminToken, '/dashboard/managePart');
    const row = page.getByRole('row').filter({ hasText: ownPart.name });
    await row.getByRole('button', { name: `Edit ${ownPart.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${ownPart.name}` });
    const stock = dialog.getByLabel('Available Quantity');
    await expect(stock).toHaveValue(String(ownPart.availableQuantity));

    await api.placeOrder(shopper.token, ownPart._id, ownPart.minimumOrder);
    const left = ownPart.availableQuantity - ownPart.minimumOrder;
    await stock.fill('100');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('.Toastify').getByRole('alert')).toBeVisible();
    await expect(stock).toHaveValue(String(left));
    await expect(dialog.getByText(`Reloaded: ${left} in stock now.`)).toBeVisible();
    expect((await api.part(ownPart._id)).availableQuantity).toBe(left);

    // Decided again over the current figure, the change goes through.
    await stock.fill('100');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, `${ownPart.name} is updated.`)).toBeVisible();
    expect((await api.part(ownPart._id)).availableQuantity).toBe(100);
  });
});
