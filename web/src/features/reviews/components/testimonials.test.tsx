import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import type { Review } from '../types';
import { Testimonials } from './testimonials';

/** Reviews 1..count, newest (highest) first; the even ones by verified buyers. */
function reviews(count: number): Review[] {
  return Array.from({ length: count }, (_, i) => {
    const n = count - i;
    return {
      _id: String(n),
      name: `Driver ${n}`,
      description: `Review number ${n}`,
      rating: 5,
      img: '/api/image/r.png',
      verifiedBuyer: n % 2 === 0,
      createdAt: '2026-01-02T10:00:00Z',
    };
  });
}

/** The fake GET /api/review: the page `limit` and `offset` ask for, with `X-Total-Count`. */
function serveReviews(all: Review[]) {
  return mockApi({
    'GET /api/review': (_body, url) => {
      const limit = Number(url.searchParams.get('limit') ?? all.length);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      return { body: all.slice(offset, offset + limit), headers: { 'X-Total-Count': String(all.length) } };
    },
  });
}

const reviewPaths = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://shop.test')).filter((url) => url.pathname === '/api/review').map((url) => url.search);

/** The review card that names `name`. */
function card(name: string) {
  const found = screen.getAllByRole('listitem').find((item) => within(item).queryByText(name) !== null);
  if (!found) throw new Error(`no review by ${name}`);
  return within(found);
}

describe('Testimonials', () => {
  it('asks only for the page it shows, newest first', async () => {
    const fetchMock = serveReviews(reviews(20));
    renderWithProviders(<Testimonials />);
    expect(await screen.findByText('Driver 20')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(6);
    expect(screen.getByText('Driver 15')).toBeInTheDocument();
    expect(screen.queryByText('Driver 14')).not.toBeInTheDocument();
    expect(reviewPaths(fetchMock)).toEqual(['?limit=6']);
  });

  it('marks the reviews of verified buyers, and only those', async () => {
    // An answer from before reviews had the mark.
    const unmarked: Omit<Review, 'verifiedBuyer'> = { _id: '1', name: 'Old Answer', description: 'No mark field', rating: 4, img: '/api/image/r.png', createdAt: '2026-01-02T10:00:00Z' };
    serveReviews([...reviews(3).map((r) => ({ ...r, _id: `v${r._id}` })), unmarked as Review]);
    renderWithProviders(<Testimonials />);
    await screen.findByText('Driver 2');
    expect(card('Driver 2').getByText('Verified buyer')).toBeInTheDocument();
    expect(card('Driver 3').queryByText('Verified buyer')).not.toBeInTheDocument();
    expect(card('Old Answer').queryByText('Verified buyer')).not.toBeInTheDocument();
    expect(screen.getAllByText('Verified buyer')).toHaveLength(1);
  });

  it('loads the next page on More reviews, until every review is shown', async () => {
    const fetchMock = serveReviews(reviews(8));
    const { user } = renderWithProviders(<Testimonials />);
    expect(await screen.findByText('Driver 8')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'More reviews' }));
    expect(await screen.findByText('Driver 1')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(8);
    expect(screen.queryByRole('button', { name: 'More reviews' })).not.toBeInTheDocument();
    expect(reviewPaths(fetchMock)).toEqual(['?limit=6', '?limit=6&offset=6']);
  });

  it('says so when there are no reviews yet', async () => {
    serveReviews([]);
    renderWithProviders(<Testimonials />);
    expect(await screen.findByText(/No reviews yet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'More reviews' })).not.toBeInTheDocument();
  });
});
