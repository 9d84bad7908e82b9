import type { Page } from '@playwright/test';
import { expect, scrollToSection, signInWithToken, test } from './fixtures';
import { uniqueAccount } from './support/accounts';

/** Markup an attacker types into a text field, hoping the page runs it. */
const payload = (tag: string) => `<img src=x onerror="alert('${tag}')"><script>alert('${tag}')</script> ${tag}`;

/** Fails the test if any alert, confirm or prompt ever opens on `page`. */
function forbidDialogs(page: Page): string[] {
  const opened: string[] = [];
  page.on('dialog', (dialog) => {
    opened.push(dialog.message());
    void dialog.dismiss();
  });
  return opened;
}

test.describe('attacks', () => {
  test('the pages carry a strict Content-Security-Policy that blocks injected inline script', async ({ page }) => {
    const opened = forbidDialogs(page);
    const response = await page.goto('/');
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(response?.headers()['x-content-type-options']).toBe('nosniff');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Even markup that reached the page some other way cannot run inline handlers or scripts.
    await page.evaluate(() => {
      document.body.insertAdjacentHTML('beforeend', `<img src="/no-such.png" onerror="alert('handler')">`);
      const script = document.createElement('script');
      script.textContent = "alert('inline')";
      document.body.append(script);
    });
    await page.waitForTimeout(500);
    expect(opened).toEqual([]);
  });

  test('script in a part name and description shows as text', async ({ page, api, adminToken, shopper }) => {
    const opened = forbidDialogs(page);
    const name = payload(`part-${Date.now().toString(36)}`);
    const id = await api.createPart(adminToken, {
      name,
      description: payload('description'),
      price: 9.5,
      availableQuantity: 20,
      minimumOrder: 1,
    });
    await signInWithToken(page, shopper.token, `/purchase/${id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText(payload('description'))).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Available parts' }).getByText(name)).toBeVisible();
    expect(opened).toEqual([]);
  });

  test('script in a review and in a profile field shows as text', async ({ page, api, request }) => {
    const opened = forbidDialogs(page);
    const tag = Date.now().toString(36);
    const account = { ...uniqueAccount('Mallory'), name: payload(`name-${tag}`) };
    const mallory = await api.signup(account);
    const img = await api.uploadImage(mallory.token);
    const review = { name: payload(`reviewer-${tag}`), description: payload(`review-${tag}`), rating: 5, img };
    const posted = await request.post('/api/review', { headers: { Authorization: `Bearer ${mallory.token}` }, data: review });
    expect(posted.status(), await posted.text()).toBe(201);
    await api.saveProfile(mallory.token, {
      education: payload(`education-${tag}`),
      location: 'Garage Lane 1',
      city: payload(`city-${tag}`),
      phone: '+1 555 010 2000',
      linkedin: 'https://www.linkedin.com/in/mallory',
    });

    await page.goto('/');
    const testimonials = await scrollToSection(page, 'Testimonials');
    // A review shows its author's account name, whatever name is sent with it.
    await expect(testimonials.getByText(account.name)).toBeVisible();
    await expect(testimonials.getByText(review.name)).toHaveCount(0);
    await expect(testimonials.getByText(review.description)).toBeVisible();

    await signInWithToken(page, mallory.token, '/dashboard/myprofile');
    const saved = page.getByTestId('saved-profile');
    await expect(saved.getByText(payload(`city-${tag}`), { exact: true })).toBeVisible();
    await expect(saved.getByText(payload(`education-${tag}`), { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: account.name })).toBeVisible();
    expect(opened).toEqual([]);
  });
});
