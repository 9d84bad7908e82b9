import { expect, test } from './fixtures';

/** The demo catalogue's pads for a 2014–2019 Corolla, and the disc whose description names pads. */
const PADS = 'Ceramic Front Brake Pads Set';

test.describe('searching as a buyer types', () => {
  test('a search naming the vehicle lists the pads that fit it first, with their part and OEM numbers', async ({ page }) => {
    await page.goto('/parts');
    await expect(page.getByRole('heading', { level: 1, name: 'Find parts' })).toBeVisible();
    const filters = page.getByRole('complementary', { name: 'Filters' });
    const sort = page.getByLabel('Sort by');
    await expect(sort.getByRole('option', { name: 'Best match' })).toHaveCount(0);

    await filters.getByLabel('Search parts').fill('2015 corolla brake pads');
    await filters.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL('/parts?q=2015+corolla+brake+pads');
    await expect(sort).toHaveValue('relevance');
    await expect(sort.locator('option:checked')).toHaveText('Best match');

    const cards = page.getByRole('main').getByRole('article');
    await expect(cards.first()).toContainText(PADS);
    // Why it matched: its part number and OEM numbers are on the card.
    await expect(cards.first()).toContainText('BRK-1042');
    await expect(cards.first()).toContainText('04465-33450');
    // Only parts for a Corolla of 2015: the category counts say the same.
    await expect(filters.getByLabel('Category').getByRole('option', { name: /^Suspension/ })).toHaveText('Suspension (0)');
  });

  test('a misspelt search still lists brake pads first', async ({ page }) => {
    await page.goto('/parts?q=break+pads');
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards.first()).toBeVisible();
    await expect(cards.first().getByRole('heading')).toHaveText(/Brake Pads/);
    await expect(page.getByLabel('Sort by')).toHaveValue('relevance');
    await expect(page.getByText('Showing results for brake pads')).toBeVisible();

    // Choosing another order keeps it, and the list follows it.
    await page.getByLabel('Sort by').selectOption('price_asc');
    await expect(page).toHaveURL('/parts?q=break+pads&sort=price_asc');
  });
});
