import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { makePart } from '@/test/parts';
import { LatestParts } from './latest-parts';

const part = (n: number) =>
  makePart({
    _id: String(n),
    name: `Part No. ${n}`,
    description: `The part added ${n}th.`,
    img: `/api/image/${n}.png`,
    price: 10 + n,
    availableQuantity: 100,
    minimumOrder: 1,
  });

/** A catalogue of `count` parts answering GET /api/part as the server does: oldest first or `sort=newest`, paged, with its total. */
function catalogue(count: number) {
  const parts = Array.from({ length: count }, (_, i) => part(i + 1));
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://shop.test');
    if (url.pathname !== '/api/part') return new Response('{"error":"Not found"}', { status: 404 });
    const ordered = url.searchParams.get('sort') === 'newest' ? [...parts].reverse() : parts;
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const limit = url.searchParams.has('limit') ? Number(url.searchParams.get('limit')) : parts.length;
    return new Response(JSON.stringify(ordered.slice(offset, offset + limit)), {
      headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(parts.length) },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const shownNames = () =>
  within(screen.getByRole('region', { name: 'Available parts' }))
    .getAllByRole('article')
    .map((card) => within(card).getByRole('heading').textContent);

describe('LatestParts', () => {
  it('shows the three newest parts, newest first, without loading the whole catalogue', async () => {
    const fetchMock = catalogue(1000);
    renderWithProviders(<LatestParts />);
    expect(await screen.findByRole('heading', { name: 'Part No. 1000' })).toBeInTheDocument();
    expect(shownNames()).toEqual(['Part No. 1000', 'Part No. 999', 'Part No. 998']);
    // The cards' prices ask for the shop's currency (/api/config); of the catalogue, only three parts.
    const asked = fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith('/api/part'));
    expect(asked).toEqual(['/api/part?sort=newest&limit=3']);
  });

  it('shows every part of a catalogue smaller than three, newest first', async () => {
    catalogue(2);
    renderWithProviders(<LatestParts />);
    expect(await screen.findByRole('heading', { name: 'Part No. 2' })).toBeInTheDocument();
    expect(shownNames()).toEqual(['Part No. 2', 'Part No. 1']);
  });

  it('says so when no part is listed yet, and shows card-sized stand-ins while loading', async () => {
    catalogue(0);
    renderWithProviders(<LatestParts />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading parts');
    expect(await screen.findByText('No parts are listed yet. Please check back soon.')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
