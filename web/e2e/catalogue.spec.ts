import { expect, signInWithToken, test, toast } from './fixtures';
import type { NewPart } from './support/api';

/** A run-unique tag, so this test's parts and vehicles are the only ones its searches can find. */
const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.toUpperCase();

function part(name: string, extra: Partial<NewPart> = {}): NewPart {
  return {
    name,
    description: 'A part made for one catalogue test: it exists only to be found.',
    price: 25,
    availableQuantity: 50,
    minimumOrder: 1,
    ...extra,
  };
}

test.describe('finding parts', () => {
  test('a buyer picks their vehicle and sees only the parts that fit it, remembered across pages', async ({ page, api, adminToken, shopper }) => {
    const model = `K${tag()}`;
    const fits = `Fitting Pads ${model}`;
    const otherYears = `Later Pads ${model}`;
    const noVehicle = `Universal Pads ${model}`;
    const fitsId = await api.createPart(adminToken, part(fits, { fitments: [{ make: 'Kestrel', model, yearFrom: 2010, yearTo: 2016 }] }));
    await api.createPart(adminToken, part(otherYears, { fitments: [{ make: 'Kestrel', model, yearFrom: 2017, yearTo: 2020 }] }));
    await api.createPart(adminToken, part(noVehicle));

    await signInWithToken(page, shopper.token, '/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Parts' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Find parts' })).toBeVisible();

    const filters = page.getByRole('complementary', { name: 'Filters' });
    await filters.getByLabel('Year').selectOption('2015');
    await filters.getByLabel('Make').selectOption('Kestrel');
    await filters.getByLabel('Model').selectOption(model);
    await expect(page).toHaveURL(`/parts?make=Kestrel&model=${model}&year=2015`);

    const results = page.getByRole('main');
    await expect(page.getByRole('heading', { name: 'Showing 1–1 of 1 part' })).toBeVisible();
    await expect(results.getByRole('article')).toHaveCount(1);
    await expect(results.getByRole('article').filter({ hasText: fits })).toBeVisible();

    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: `2015 Kestrel ${model}` })).toBeVisible();

    await page.reload();
    await expect(header.getByRole('link', { name: `2015 Kestrel ${model}` })).toBeVisible();
    await expect(filters.getByLabel('Model')).toHaveValue(model);
    await expect(results.getByRole('article')).toHaveCount(1);

    await results.getByRole('link', { name: `Purchase ${fits}` }).click();
    await expect(page).toHaveURL(`/purchase/${fitsId}`);
    await expect(page.getByRole('heading', { level: 1, name: fits })).toBeVisible();
    await expect(page.getByText(`Fits your 2015 Kestrel ${model}`)).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: `Kestrel ${model} (2010–2016)` })).toBeVisible();

    // The back button returns to the same filtered list.
    await page.goBack();
    await expect(page).toHaveURL(`/parts?make=Kestrel&model=${model}&year=2015`);
    await expect(results.getByRole('article')).toHaveCount(1);

    // The header's vehicle leads back to its parts and can be cleared.
    await page.goto('/');
    await header.getByRole('link', { name: `2015 Kestrel ${model}` }).click();
    await expect(page).toHaveURL(`/parts?make=Kestrel&model=${model}&year=2015`);
    await header.getByRole('button', { name: 'Clear vehicle' }).click();
    await expect(header.getByText('Your vehicle:')).toHaveCount(0);
  });

  test('an OEM number typed with other spaces, dashes and case finds the part', async ({ page, api, adminToken }) => {
    const id = tag();
    const name = `Oil Filter ${id}`;
    await api.createPart(adminToken, part(name, { oemNumbers: [`15400-${id}-A01`], category: 'Filters' }));

    await page.goto('/parts');
    const search = page.getByLabel('Search parts');
    for (const typed of [`15400 ${id.toLowerCase()} a01`, `15400${id}A01`, `15400-${id.toLowerCase()}-a 01`]) {
      await search.fill(typed);
      await search.press('Enter');
      await expect(page).toHaveURL(`/parts?q=${encodeURIComponent(typed).replace(/%20/g, '+')}`);
      const cards = page.getByRole('article');
      await expect(cards).toHaveCount(1);
      await expect(cards.filter({ hasText: name })).toBeVisible();
    }

    await search.fill(`15400-${id}-B99`);
    await search.press('Enter');
    await expect(page.getByText('No parts match your search.')).toBeVisible();
  });

  test('an admin restocks a low-stock part and the mark goes away', async ({ page, api, adminToken }) => {
    const name = `Wiper Blade ${tag()}`;
    const id = await api.createPart(adminToken, part(name, { availableQuantity: 2, reorderLevel: 5 }));
    expect((await api.part(id)).lowStock).toBe(true);

    await signInWithToken(page, adminToken, '/dashboard/managePart');
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row.getByText('Low stock')).toBeVisible();

    await row.getByRole('button', { name: `Restock ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Restock ${name}` });
    await dialog.getByLabel('Quantity to add').fill('10');
    await dialog.getByRole('button', { name: 'Restock' }).click();
    await expect(toast(page, `${name} is restocked: 12 in stock.`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row.getByText('Low stock')).toHaveCount(0);
    await expect(row).toContainText('12');

    const saved = await api.part(id);
    expect(saved.availableQuantity).toBe(12);
    expect(saved.lowStock).toBe(false);
  });
});
