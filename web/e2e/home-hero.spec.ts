import { expect, test } from './fixtures';

test('the home page searches the catalogue and picks a vehicle from its hero', async ({ page }) => {
  await page.goto('/');
  const hero = page.locator('section[aria-labelledby="hero-title"]');
  await expect(hero.getByRole('link', { name: 'Get Started' })).toBeVisible();
  const finder = hero.getByRole('region', { name: 'Parts for your vehicle' });
  await expect(finder.getByLabel('Make')).toBeEnabled();
  await hero.getByRole('searchbox', { name: 'Search parts' }).fill('brake');
  await hero.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL('/parts?q=brake');
  await expect(page.getByRole('complementary', { name: 'Filters' }).getByLabel('Search parts')).toHaveValue('brake');
});
