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

test("the home page's return promise is the shop's return policy", async ({ page, adminToken }) => {
  const policy = (await (await page.request.get('/api/return-policy')).json()) as { returnDays: number; restockingFee: { kind: string } };
  expect(policy.restockingFee.kind).toBe('none');
  await page.goto('/');
  const promises = page.getByRole('list', { name: 'Why buy here' });
  await expect(promises).toContainText(`Fits or free return`);
  await expect(promises).toContainText(`Wrong fit? Send it back within ${policy.returnDays} days.`);
  // The admin's policy is what the page promises (set back as it was for the other tests).
  const set = (body: object) => page.request.put('/api/admin/return-policy', { headers: { Authorization: `Bearer ${adminToken}` }, data: body });
  expect((await set({ returnDays: 60, restockingFee: { kind: 'percent', amount: 15 } })).ok()).toBe(true);
  try {
    await page.reload();
    await expect(promises).toContainText('Wrong fit? Send it back within 60 days (15% restocking fee).');
  } finally {
    expect((await set({ returnDays: policy.returnDays, restockingFee: { kind: 'none' } })).ok()).toBe(true);
  }
});
