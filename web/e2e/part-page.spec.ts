import { expect, scrollToSection, test, toast } from './fixtures';
import type { NewPart } from './support/api';

/** A run-unique tag, so this test's parts and vehicles are the only ones its searches can find. */
const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.toUpperCase();

function part(name: string, extra: Partial<NewPart> = {}): NewPart {
  return {
    name,
    description: 'Ceramic pads for the front axle: quiet, low on dust, and made for one browser test.',
    price: 34.99,
    availableQuantity: 40,
    minimumOrder: 2,
    ...extra,
  };
}

test.describe("a part's own page", () => {
  test('a visitor reads a part page, adds it to the cart, and is asked to sign in only at Buy, then lands back', async ({ page, api, adminToken, shopper }) => {
    const model = `P${tag()}`;
    const name = `Front brake pads ${model}`;
    const sku = `BP-${model}`;
    const id = await api.createPart(
      adminToken,
      part(name, { sku, oemNumbers: ['04465-02220'], fitments: [{ make: 'Kestrel', model, yearFrom: 2014, yearTo: 2019 }] }),
    );

    // The page brings the part with it: the app asks the API for nothing more about it.
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api/part/${id}`) asked.push(request.url());
    });
    const response = await page.goto(`/parts/${id}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    expect(asked).toEqual([]);
    await expect(page).toHaveTitle(`${name} – Parts Garage`);
    const main = page.getByRole('main');
    await expect(main.getByRole('img', { name })).toBeVisible();
    await expect(main.getByText('$34.99')).toBeVisible();
    await expect(main.getByText(sku)).toBeVisible();
    await expect(main.getByText('04465-02220')).toBeVisible();
    await expect(main.getByRole('listitem').filter({ hasText: `Kestrel ${model} (2014–2019)` })).toBeVisible();
    await expect(main.getByText('Ceramic pads for the front axle')).toBeVisible();

    // What search engines read: the part's Product, with its Offer.
    const product = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as Record<string, unknown>;
    expect(product).toMatchObject({
      '@type': 'Product',
      name,
      sku,
      mpn: '04465-02220',
      offers: { '@type': 'Offer', price: 34.99, priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
    });
    expect(String(product.image)).toMatch(/^https?:\/\/.+\/api\/image\//);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/parts/${id}$`));

    // A visitor's cart takes it without signing in.
    await main.getByRole('button', { name: 'Add to cart' }).click();
    await expect(toast(page, `2 × ${name} added to your cart`)).toBeVisible();
    await expect(page).toHaveURL(`/parts/${id}`);

    // Buying asks for sign-in at that moment, saying why, and comes back to the purchase.
    await main.getByRole('button', { name: 'Buy now' }).click();
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('status').filter({ hasText: `Log in to buy ${name}` })).toBeVisible();
    await page.getByLabel('Email').fill(shopper.email);
    await page.getByLabel('Password').fill(shopper.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(`/purchase/${id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Purchase' })).toBeEnabled();
  });

  test('the catalogue and the home page link each part to its page, and its breadcrumb leads back to the list', async ({ page, api, adminToken }) => {
    const model = `B${tag()}`;
    const name = `Rear brake shoes ${model}`;
    const id = await api.createPart(adminToken, part(name, { fitments: [{ make: 'Kestrel', model, yearFrom: 2010, yearTo: 2016 }] }));

    const list = `/parts?q=${encodeURIComponent(name)}&make=Kestrel&model=${model}&year=2012`;
    await page.goto(list);
    const card = page.getByRole('main').getByRole('article').filter({ hasText: name });
    await expect(card.getByRole('link', { name: `Purchase ${name}` })).toHaveAttribute('href', `/purchase/${id}`);
    await card.getByRole('heading', { name }).getByRole('link').click();
    await expect(page).toHaveURL(`/parts/${id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Parts' }).click();
    await expect(page).toHaveURL(list);
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(1);

    // The home page's newest parts lead there too.
    await page.goto('/');
    const newest = (await scrollToSection(page, 'Available parts')).getByRole('article').filter({ hasText: name });
    await newest.getByRole('link', { name }).first().click();
    await expect(page).toHaveURL(`/parts/${id}`);
  });

  test('an unknown part says so, with a way back to the catalogue', async ({ page }) => {
    const response = await page.goto('/parts/999999999');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Part not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to the catalogue' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Find parts' })).toBeVisible();
  });
});
