import { expect, test } from './fixtures';
import type { NewPart } from './support/api';

/** A run-unique tag, so this test's parts and vehicles are the only ones its searches can find. */
const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.toUpperCase();

function part(name: string, extra: Partial<NewPart> = {}): NewPart {
  return {
    name,
    description: 'A filter made for one browser test: it exists only to be found by its vehicle.',
    price: 34.99,
    availableQuantity: 40,
    minimumOrder: 2,
    ...extra,
  };
}

test.describe('the saved vehicle', () => {
  test('filters /parts by default, and Show all parts turns it off for the session', async ({ page, api, adminToken }) => {
    const model = `V${tag()}`;
    const fits = `Fitting filter ${model}`;
    await api.createPart(adminToken, part(fits, { fitments: [{ make: 'Kestrel', model, yearFrom: 2010, yearTo: 2016 }] }));

    await page.goto('/parts');
    const filters = page.getByRole('complementary', { name: 'Filters' });
    await filters.getByLabel('Make').selectOption('Kestrel');
    await filters.getByLabel('Model').selectOption(model);
    await filters.getByLabel('Year').selectOption('2015');
    await expect(page).toHaveURL(`/parts?make=Kestrel&model=${model}&year=2015`);

    // Coming back to the catalogue from elsewhere lists the saved vehicle's parts, and says so.
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Parts' }).click();
    await expect(page).toHaveURL(`/parts?make=Kestrel&model=${model}&year=2015`);
    await expect(page.getByText(`Showing parts for your 2015 Kestrel ${model}`)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Showing 1–1 of 1 part' })).toBeVisible();

    await page.getByRole('button', { name: 'Show all parts' }).click();
    await expect(page).toHaveURL('/parts');
    await expect(page.getByText(/Showing parts for your/)).toBeHidden();
    await expect(page.getByRole('heading', { name: /^Showing 1–12 of \d+ parts$/ })).toBeVisible();

    // Remembered for the session: the Parts link now lists everything.
    await page.goto('/about');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Parts' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Find parts' })).toBeVisible();
    await expect(page).toHaveURL('/parts');
    await expect(filters.getByRole('button', { name: `Show parts for my 2015 Kestrel ${model}` })).toBeVisible();
  });

  test('on a phone the results come into view after a filter changes', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/parts');
    await expect(page.getByRole('heading', { name: /^Showing 1–12 of/ })).toBeVisible();
    await page.getByRole('complementary', { name: 'Filters' }).getByLabel('Category').selectOption('Brakes');
    const heading = page.locator('#catalogue-results');
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
  });
});
