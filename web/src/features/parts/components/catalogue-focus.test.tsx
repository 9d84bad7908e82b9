import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makePart } from '@/test/parts';
import { mockApi, renderWithProviders } from '@/test/render';
import { PartsCatalogue } from './parts-catalogue';

const config = { body: { shopName: 'Parts Garage', currency: 'usd', paymentProvider: 'test', googleSignIn: false } };

function setup() {
  mockApi({
    'GET /api/config': config,
    'GET /api/vehicle': { body: [] },
    'GET /api/category': { body: [] },
    'GET /api/part': (_body, url) =>
      url.searchParams.get('q') === 'filter'
        ? { body: [makePart({ _id: '2', name: 'Oil Filter' })], headers: { 'X-Total-Count': '1' } }
        : { body: [makePart({ _id: '1', name: 'Brake Pads' }), makePart({ _id: '2', name: 'Oil Filter' })], headers: { 'X-Total-Count': '2' } },
  });
  return renderWithProviders(<PartsCatalogue />, { url: '/parts' });
}

describe('focus after a search', () => {
  it('moves to the results heading, which announces the new count', async () => {
    const { user } = setup();
    await screen.findByRole('heading', { name: 'Showing 1–2 of 2 parts' });
    await user.type(screen.getByLabelText('Search parts'), 'filter{Enter}');

    const heading = await screen.findByRole('heading', { name: 'Showing 1–1 of 1 part' });
    expect(heading).toHaveFocus();
    expect(heading).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByLabelText('Search parts')).toHaveValue('filter');
  });

  it('moves there too when the Search button is clicked', async () => {
    const { user } = setup();
    await screen.findByRole('heading', { name: 'Showing 1–2 of 2 parts' });
    await user.type(screen.getByLabelText('Search parts'), 'filter');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(await screen.findByRole('heading', { name: 'Showing 1–1 of 1 part' })).toHaveFocus();
  });
});
