import { expect, signInWithToken, test, toast } from './fixtures';
import { pngUpload } from './support/png';

test.describe('buyer dashboard', () => {
  test('a buyer sees only the buyer menu', async ({ page, shopper }) => {
    await signInWithToken(page, shopper.token, '/dashboard');
    await expect(page).toHaveURL('/dashboard/order');
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(menu.getByRole('link')).toHaveText(['My Orders', 'My Returns', 'Add A Review', 'My Profile']);
  });

  test('a review added in the dashboard shows in the home page testimonials', async ({ page, shopper }) => {
    const words = `Fast delivery and the pads fit perfectly (${shopper.email}).`;
    await signInWithToken(page, shopper.token, '/dashboard/review');
    await expect(page.getByRole('heading', { level: 1, name: 'Add A Review' })).toBeVisible();

    await page.getByRole('button', { name: 'Add Review' }).click();
    await expect(page.getByText('Description is Required')).toBeVisible();
    await expect(page.getByText('Rating is Required')).toBeVisible();
    await expect(page.getByText('Image is Required')).toBeVisible();

    await expect(page.getByLabel('Name')).toHaveValue(shopper.name);
    await page.getByLabel('Description').fill(words);
    // The stars are the rating: a radio group, rated from the keyboard.
    const rating = page.getByRole('radiogroup', { name: 'Rating' });
    await rating.getByRole('radio', { name: '3 stars' }).check();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(rating.getByRole('radio', { name: '5 stars' })).toBeChecked();
    await expect(rating.getByRole('radio', { name: '5 stars' })).toBeFocused();
    await page.getByLabel('Image').setInputFiles(pngUpload('me.png'));
    await page.getByRole('button', { name: 'Add Review' }).click();
    await expect(toast(page, 'Review added successfully')).toBeVisible();

    // The home page asks for the page of reviews it shows, not for every review.
    const reviewsAsked = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/review');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    expect(new URL((await reviewsAsked).url()).searchParams.get('limit')).toBe('6');
    const testimonials = page.getByRole('region', { name: 'Testimonial' });
    const review = testimonials.getByRole('listitem').filter({ hasText: words });
    await expect(review).toBeVisible();
    await expect(review).toContainText(shopper.name);
    await expect(review.getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible();
    // No paid order yet: not marked as a verified buyer.
    await expect(review.getByText('Verified buyer')).toHaveCount(0);
  });

  test('a saved profile is shown on My Profile, also after a reload', async ({ page, shopper }) => {
    await signInWithToken(page, shopper.token, '/dashboard/myprofile');
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();

    await page.getByRole('button', { name: 'Save Profile' }).click();
    for (const message of ['Education is Required', 'Location is Required', 'City is Required', 'Phone is Required', 'LinkedIn is Required', 'Image is Required']) {
      await expect(page.getByText(message)).toBeVisible();
    }

    await page.getByLabel('Education').fill('Automotive technician diploma');
    await page.getByLabel('Location').fill('Ohio');
    await page.getByLabel('City').fill('Dayton');
    await page.getByLabel('Phone').fill('+1 555 010 2000');
    await page.getByLabel('LinkedIn').fill('https://www.linkedin.com/in/example');
    await page.getByLabel('Image').setInputFiles(pngUpload('avatar.png', [21, 128, 61]));
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(toast(page, 'Profile information saved')).toBeVisible();

    const saved = page.getByRole('region', { name: shopper.name });
    await expect(saved).toContainText('Automotive technician diploma');
    await expect(saved).toContainText('Dayton');
    await expect(saved).toContainText('https://www.linkedin.com/in/example');

    await page.reload();
    await expect(page.getByRole('region', { name: shopper.name })).toContainText('Dayton');
    await expect(page.getByLabel('City')).toHaveValue('Dayton');
  });
});
