import { expect, signInWithToken, test } from './fixtures';

// VINs from the README's table, which decode to the demo catalogue's vehicles.
const COROLLA_VIN = '2T1BURHE0EC123456';
const CAMRY_VIN = '4T1BF1FK0CU123456';
const PADS = 'Ceramic Front Brake Pads Set';

test.describe('the right part the first time', () => {
  test('a VIN typed in the catalogue shows its vehicle and the parts that fit it; a mistyped one says why', async ({ page }) => {
    await page.goto('/parts');
    const filters = page.getByRole('complementary', { name: 'Filters' });
    const vin = filters.getByLabel('Or enter your VIN');

    // Mistyped VINs: the shop's reasons, in its words.
    await vin.fill(COROLLA_VIN.slice(0, 16));
    await filters.getByRole('button', { name: 'Look up' }).click();
    await expect(filters.getByRole('alert')).toHaveText('A VIN has 17 characters; this one has 16');
    await vin.fill(`${COROLLA_VIN.slice(0, 8)}1${COROLLA_VIN.slice(9)}`);
    await vin.press('Enter');
    await expect(filters.getByRole('alert')).toHaveText("This VIN's check digit does not match: check for a mistyped character");

    await vin.fill(COROLLA_VIN.toLowerCase());
    await vin.press('Enter');
    const found = filters.getByRole('region', { name: '2014 Toyota Corolla' });
    await expect(found).toBeVisible();
    await expect(filters.getByRole('alert')).toHaveCount(0);
    await expect(found).toContainText('1.8L L4 (2ZR-FE)');
    await expect(found).toContainText('L/LE');
    await expect(found).toContainText('6 parts fit it.');
    await found.getByRole('button', { name: 'Use this vehicle' }).click();

    await expect(page).toHaveURL('/parts?make=Toyota&model=Corolla&year=2014&engine=1.8L+L4');
    await expect(page.getByRole('heading', { name: 'Showing 1–6 of 6 parts' })).toBeVisible();
    const results = page.getByRole('main').getByRole('article');
    await expect(results).toHaveCount(6);
    await expect(results.filter({ hasText: PADS })).toBeVisible();
    await expect(filters.getByLabel('Model')).toHaveValue('Corolla');
    await expect(filters.getByText('Engine: 1.8L L4')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: '2014 Toyota Corolla 1.8L L4 L/LE' })).toBeVisible();

    // Where on the vehicle: the front pads and the front wipers leave a rear search, the rest fit anywhere.
    await filters.getByLabel('Position').selectOption('Rear');
    await expect(page).toHaveURL('/parts?make=Toyota&model=Corolla&year=2014&engine=1.8L+L4&position=rear');
    await expect(page.getByRole('heading', { name: 'Showing 1–4 of 4 parts' })).toBeVisible();
    await expect(results.filter({ hasText: PADS })).toHaveCount(0);
  });

  test('a part with a position shows it, and a search by its old number says which it replaces', async ({ page, shopper }) => {
    await signInWithToken(page, shopper.token, '/parts');
    const search = page.getByLabel('Search parts');
    await search.fill('0446502220');
    await search.press('Enter');
    const card = page.getByRole('main').getByRole('article').filter({ hasText: PADS });
    await expect(card).toHaveCount(1);
    await expect(card.getByText('replaces 04465-02220')).toBeVisible();

    // The buyer's vehicle, found by its VIN, with its engine.
    const filters = page.getByRole('complementary', { name: 'Filters' });
    await filters.getByLabel('Or enter your VIN').fill(COROLLA_VIN);
    await filters.getByRole('button', { name: 'Look up' }).click();
    await filters.getByRole('region', { name: '2014 Toyota Corolla' }).getByRole('button', { name: 'Use this vehicle' }).click();
    await expect(page).toHaveURL('/parts?q=0446502220&make=Toyota&model=Corolla&year=2014&engine=1.8L+L4');
    // The results are next: their heading has focus, in view.
    const results = page.getByRole('heading', { name: /^Showing / });
    await expect(results).toBeFocused();
    await expect(results).toBeInViewport();

    await card.getByRole('link', { name: `Purchase ${PADS}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: PADS })).toBeVisible();
    await expect(page.getByText('Fits your 2014 Toyota Corolla 1.8L, front axle')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Toyota Corolla (2014–2019)' })).toContainText('front axle');
    const specs = page.getByRole('region', { name: 'Specifications' });
    await expect(specs.getByText('04465-02220, BRK-1040')).toBeVisible();
  });

  test('on a phone, the vehicle a VIN finds leads straight to its parts, below every filter', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/parts');
    const filters = page.getByRole('complementary', { name: 'Filters' });
    await filters.getByLabel('Or enter your VIN').fill(COROLLA_VIN);
    await filters.getByRole('button', { name: 'Look up' }).click();
    await filters.getByRole('region', { name: '2014 Toyota Corolla' }).getByRole('button', { name: 'Use this vehicle' }).click();
    await expect(page).toHaveURL(/make=Toyota&model=Corolla&year=2014/);
    const results = page.getByRole('heading', { name: /^Showing / });
    await expect(results).toBeFocused();
    await expect(results).toBeInViewport();
  });

  test('a buyer keeps two vehicles in My Garage and switches between them from the header', async ({ page, shopper }) => {
    // Chosen before signing in: the vehicle joins the garage at sign-in.
    await page.goto('/parts');
    const filters = page.getByRole('complementary', { name: 'Filters' });
    await filters.getByLabel('Or enter your VIN').fill(COROLLA_VIN);
    await filters.getByRole('button', { name: 'Look up' }).click();
    await filters.getByRole('region', { name: '2014 Toyota Corolla' }).getByRole('button', { name: 'Use this vehicle' }).click();
    await expect(page).toHaveURL(/engine=1\.8L\+L4/);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).click();
    await page.getByLabel('Email').fill(shopper.email);
    await page.getByLabel('Password').fill(shopper.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' })).toBeVisible();

    const header = page.getByRole('banner');
    const switcher = header.getByRole('button', { name: 'Switch vehicle' });
    await switcher.click();
    const menu = header.getByRole('menu', { name: 'My Garage' });
    await expect(menu.getByRole('menuitemradio')).toHaveText(['2014 Toyota Corolla 1.8L L4 L/LE']);
    await expect(menu.getByRole('menuitemradio', { name: '2014 Toyota Corolla 1.8L L4 L/LE' })).toHaveAttribute('aria-checked', 'true');
    await menu.getByRole('menuitem', { name: 'Manage My Garage' }).click();

    // My Garage, on My Profile: the merged Corolla is current; the Camry is added by its VIN, then nicknamed.
    await expect(page).toHaveURL('/dashboard/myprofile#my-garage');
    const garage = page.getByRole('region', { name: 'My Garage' });
    await expect(garage.getByRole('heading', { name: 'My Garage' })).toBeFocused();
    const corolla = garage.getByRole('listitem', { name: '2014 Toyota Corolla 1.8L L4 L/LE' });
    await expect(corolla.getByText('Current', { exact: true })).toBeVisible();
    await garage.getByLabel('Or enter your VIN').fill(CAMRY_VIN);
    await garage.getByRole('button', { name: 'Look up' }).click();
    await garage.getByRole('region', { name: '2012 Toyota Camry' }).getByRole('button', { name: 'Add to My Garage' }).click();
    const camryName = /^2012 Toyota Camry 2\.5L L4/;
    const camry = garage.getByRole('listitem', { name: camryName });
    await expect(camry).toBeVisible();
    await camry.getByRole('button', { name: /^Edit nickname of / }).click();
    await camry.getByLabel('Nickname').fill('Work car');
    await camry.getByRole('button', { name: 'Save nickname' }).click();
    const workCar = garage.getByRole('listitem', { name: /^Work car \(2012 Toyota Camry/ });
    await expect(workCar).toBeVisible();
    await expect(garage.getByRole('listitem')).toHaveCount(2);

    // The header switches, with the keyboard, to the Camry: the catalogue follows.
    await header.getByRole('link', { name: '2014 Toyota Corolla 1.8L L4 L/LE' }).click();
    await expect(page.getByRole('heading', { name: 'Showing 1–6 of 6 parts' })).toBeVisible();
    await switcher.focus();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitemradio', { name: '2014 Toyota Corolla 1.8L L4 L/LE' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitemradio', { name: /^Work car/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(menu).toHaveCount(0);
    await expect(page).toHaveURL('/parts?make=Toyota&model=Camry&year=2012&engine=2.5L+L4');
    await expect(page.getByRole('heading', { name: 'Showing 1–4 of 4 parts' })).toBeVisible();
    await expect(header.getByRole('link', { name: camryName })).toBeVisible();

    // Current in the garage too: it stays after a reload, and on My Garage.
    await page.reload();
    await expect(header.getByRole('link', { name: camryName })).toBeVisible();
    await page.goto('/dashboard/myprofile');
    await expect(workCar.getByText('Current', { exact: true })).toBeVisible();
    await expect(corolla.getByText('Current', { exact: true })).toHaveCount(0);
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    const answer = await page.request.get('/api/garage', { headers: { Authorization: `Bearer ${token}` } });
    const vehicles = (await answer.json()) as { model: string; current: boolean; nickname: string | null }[];
    expect(vehicles.map((v) => [v.model, v.current, v.nickname])).toEqual([
      ['Corolla', false, null],
      ['Camry', true, 'Work car'],
    ]);

    // And back to the Corolla with the mouse.
    await header.getByRole('button', { name: 'Switch vehicle' }).click();
    await menu.getByRole('menuitemradio', { name: '2014 Toyota Corolla 1.8L L4 L/LE' }).click();
    await expect(header.getByRole('link', { name: '2014 Toyota Corolla 1.8L L4 L/LE' })).toBeVisible();
    await expect(corolla.getByText('Current', { exact: true })).toBeVisible();
  });
});
