import { expect, signInWithToken, test } from './fixtures';

/** What a person on a phone (390 × 844) sees first. */
test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a catalogue card leaves room for more than one part a screen', async ({ page }) => {
    await page.goto('/parts');
    const card = page.getByRole('main').getByRole('article').first();
    await expect(card).toBeVisible();
    const { height } = (await card.boundingBox())!;
    // It was about 580 px: 1.3 parts a screen.
    expect(height).toBeLessThan(844 / 1.75);
  });

  test("an admin page starts in the upper part of the screen, the menus each one row", async ({ page, adminToken }) => {
    await signInWithToken(page, adminToken, '/dashboard/audit');
    const heading = page.getByRole('heading', { level: 1, name: 'Audit Log' });
    await expect(heading).toBeVisible();
    // The 11 links used to wrap over the first 40 % of the screen.
    expect((await heading.boundingBox())!.y).toBeLessThan(844 * 0.4);
    for (const name of ['Dashboard', 'Shop settings', 'Shop records']) {
      const menu = page.getByRole('navigation', { name, exact: true }).getByRole('list');
      expect((await menu.boundingBox())!.height).toBeLessThan(56);
    }
    // The menus scroll sideways: the last link is there to reach.
    await page.getByRole('navigation', { name: 'Shop records' }).getByRole('link', { name: 'Messages' }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('navigation', { name: 'Shop records' }).getByRole('link', { name: 'Messages' })).toBeInViewport();
  });
});
