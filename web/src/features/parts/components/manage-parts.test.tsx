import { screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { makePart } from '@/test/parts';
import { mockApi, pngFile, renderWithProviders, sentBody } from '@/test/render';
import { ManageParts } from './manage-parts';

vi.mock('@/lib/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const config = { body: { shopName: 'Parts Garage', currency: 'usd', paymentProvider: 'test', googleSignIn: false } };
const pads = makePart({ _id: '1', name: 'Brake Pads', sku: 'BRK-1042', availableQuantity: 3, reorderLevel: 5, lowStock: true });
const belt = makePart({ _id: '2', name: 'Serpentine Belt', availableQuantity: 40, reorderLevel: 5, lowStock: false });

type Route = Parameters<typeof mockApi>[0][string];

function setup(restock: Route, update: Route = { body: { matchedCount: 1, modifiedCount: 1 } }, current: Route = { body: pads }) {
  let parts = [pads, belt];
  const fetchMock = mockApi({
    'GET /api/config': config,
    'GET /api/part': () => ({ body: parts }),
    'GET /api/part/1': current,
    'POST /api/part/1/restock': async (body, url) => {
      const reply = typeof restock === 'function' ? await restock(body, url) : restock;
      if ((reply.status ?? 200) === 200) parts = [reply.body as typeof pads, belt];
      return reply;
    },
    'PUT /api/part/1': update,
    'POST /api/image': { body: { success: true, data: { url: '/api/image/new-pads.png' } } },
  });
  return { ...renderWithProviders(<ManageParts />), fetchMock };
}

const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('Manage Parts stock', () => {
  it('marks only the parts at or below their reorder level', async () => {
    setup({ status: 500, body: { error: 'unused' } });
    await screen.findByText('Brake Pads');
    expect(within(row('Brake Pads')).getByText('Low stock')).toBeInTheDocument();
    expect(within(row('Serpentine Belt')).queryByText('Low stock')).not.toBeInTheDocument();
  });

  it('restocks a part and the low-stock mark goes away', async () => {
    const { user, fetchMock } = setup({ body: { ...pads, availableQuantity: 23, lowStock: false } });
    await user.click(await screen.findByRole('button', { name: 'Restock Brake Pads' }));
    const dialog = screen.getByRole('dialog', { name: 'Restock Brake Pads' });
    await user.type(within(dialog).getByLabelText('Quantity to add'), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Restock' }));
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith('Brake Pads is restocked: 23 in stock.'));
    expect(sentBody(fetchMock, 'POST', '/api/part/1/restock')).toEqual({ quantity: 20 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(within(row('Brake Pads')).queryByText('Low stock')).not.toBeInTheDocument());
    expect(within(row('Brake Pads')).getByText('23')).toBeInTheDocument();
  });

  it('refuses a quantity that is not a whole number from 1 up, without asking the shop', async () => {
    const { user, fetchMock } = setup({ body: pads });
    await user.click(await screen.findByRole('button', { name: 'Restock Brake Pads' }));
    const dialog = screen.getByRole('dialog', { name: 'Restock Brake Pads' });
    await user.click(within(dialog).getByRole('button', { name: 'Restock' }));
    expect(await within(dialog).findByText('Quantity is Required')).toBeInTheDocument();
    for (const bad of ['0', '2.5', '1000001']) {
      await user.clear(within(dialog).getByLabelText('Quantity to add'));
      await user.type(within(dialog).getByLabelText('Quantity to add'), bad);
      await user.click(within(dialog).getByRole('button', { name: 'Restock' }));
      expect(await within(dialog).findByText('Quantity must be a whole number from 1 to 1,000,000')).toBeInTheDocument();
    }
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('sends one Idempotency-Key per restock: the same again on a retry, a new one for another quantity', async () => {
    const replies = [{ status: 503, body: { error: "The shop's database is busy right now. Please try again in a few seconds." } }, { body: { ...pads, availableQuantity: 8 } }];
    const { user, fetchMock } = setup(() => replies.shift() ?? { body: { ...pads, availableQuantity: 14 } });
    await user.click(await screen.findByRole('button', { name: 'Restock Brake Pads' }));
    const dialog = screen.getByRole('dialog', { name: 'Restock Brake Pads' });
    await user.type(within(dialog).getByLabelText('Quantity to add'), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Restock' }));
    await vi.waitFor(() => expect(notify.error).toHaveBeenCalledWith("The shop's database is busy right now. Please try again in a few seconds."));
    await user.click(within(dialog).getByRole('button', { name: 'Restock' }));
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith('Brake Pads is restocked: 8 in stock.'));
    const keys = () =>
      fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key']);
    const [first, retry] = keys();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(retry).toBe(first);

    // The next restock is another one, with its own key.
    await user.click(await screen.findByRole('button', { name: 'Restock Brake Pads' }));
    const next = screen.getByRole('dialog', { name: 'Restock Brake Pads' });
    await user.type(within(next).getByLabelText('Quantity to add'), '6');
    await user.click(within(next).getByRole('button', { name: 'Restock' }));
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith('Brake Pads is restocked: 14 in stock.'));
    expect(keys()[2]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys()[2]).not.toBe(first);
  });

  it("shows the shop's refusal in a toast and keeps the dialog open", async () => {
    const { user } = setup({ status: 404, body: { error: 'Part not found' } });
    await user.click(await screen.findByRole('button', { name: 'Restock Brake Pads' }));
    const dialog = screen.getByRole('dialog', { name: 'Restock Brake Pads' });
    await user.type(within(dialog).getByLabelText('Quantity to add'), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Restock' }));
    await vi.waitFor(() => expect(notify.error).toHaveBeenCalledWith('Part not found'));
    expect(dialog).toBeInTheDocument();
  });

  it('edits the catalogue fields, sending only what changed', async () => {
    const { user, fetchMock } = setup({ body: pads });
    await user.click(await screen.findByRole('button', { name: 'Edit Brake Pads' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Brake Pads' });
    expect(within(dialog).getByLabelText('SKU')).toHaveValue('BRK-1042');
    expect(within(dialog).getByLabelText('OEM numbers')).toHaveValue('90916-02585');
    expect(within(within(dialog).getByRole('group', { name: 'Vehicle 1' })).getByLabelText('Model')).toHaveValue('Corolla');
    await user.clear(within(dialog).getByLabelText('SKU'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('SKU is Required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('SKU'), 'brk-2000');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Brakes');
    await user.click(within(dialog).getByRole('button', { name: 'Remove vehicle 1' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith('Brake Pads is updated.'));
    // Only what was changed: the price, stock and the rest stay as the shop has them.
    expect(sentBody(fetchMock, 'PUT', '/api/part/1')).toEqual({ sku: 'brk-2000', category: 'Brakes', fitments: [] });
  });
});

describe('Manage Parts edits and stock', () => {
  async function openEdit(user: ReturnType<typeof setup>['user']) {
    await user.click(await screen.findByRole('button', { name: 'Edit Brake Pads' }));
    return screen.getByRole('dialog', { name: 'Edit Brake Pads' });
  }

  it('a description-only edit sends no availableQuantity', async () => {
    const { user, fetchMock } = setup({ body: pads });
    const dialog = await openEdit(user);
    expect(within(dialog).getByLabelText('Available Quantity')).toHaveValue('3');
    await user.clear(within(dialog).getByLabelText('Description'));
    await user.type(within(dialog).getByLabelText('Description'), 'Ceramic pads, low dust');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith('Brake Pads is updated.'));
    expect(sentBody(fetchMock, 'PUT', '/api/part/1')).toEqual({ description: 'Ceramic pads, low dust' });
  });

  it('renames a part and says so under its new name', async () => {
    const { user, fetchMock } = setup({ body: pads });
    const dialog = await openEdit(user);
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Ceramic Brake Pads');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith('Ceramic Brake Pads is updated.'));
    expect(sentBody(fetchMock, 'PUT', '/api/part/1')).toEqual({ name: 'Ceramic Brake Pads' });
  });

  it('previews a new picture, uploads it on Save and sends its address with the other changes', async () => {
    const { user, fetchMock } = setup({ body: pads });
    const createObjectURL = vi.fn(() => 'blob:preview');
    const revokeObjectURL = vi.fn();
    // jsdom makes no object URLs: these stand in for the browser's.
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const dialog = await openEdit(user);
    expect(within(dialog).getByRole('img', { name: 'Picture of Brake Pads' })).toHaveAttribute('src', pads.img);
    await user.upload(within(dialog).getByLabelText('Picture'), pngFile('new-pads.png'));
    expect(within(dialog).getByRole('img', { name: 'Preview of the new picture of Brake Pads' })).toHaveAttribute('src', 'blob:preview');
    expect(within(dialog).getByText('New, not saved yet')).toBeInTheDocument();
    // Nothing is uploaded before Save.
    expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith('/api/image'))).toBe(false);
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Ceramic Brake Pads');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith('Ceramic Brake Pads is updated.'));
    expect(sentBody(fetchMock, 'PUT', '/api/part/1')).toEqual({ name: 'Ceramic Brake Pads', img: '/api/image/new-pads.png' });
  });

  it('keeps the current picture when the admin changes their mind', async () => {
    const { user, fetchMock } = setup({ body: pads });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() });
    const dialog = await openEdit(user);
    await user.upload(within(dialog).getByLabelText('Picture'), pngFile());
    await user.click(within(dialog).getByRole('button', { name: 'Keep the current picture' }));
    expect(within(dialog).getByRole('img', { name: 'Picture of Brake Pads' })).toHaveAttribute('src', pads.img);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(notify.info).toHaveBeenCalledWith('Nothing to save: Brake Pads is unchanged.'));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST' || init?.method === 'PUT')).toBe(false);
  });

  it('a stock change sends the new stock with the stock the form loaded', async () => {
    const { user, fetchMock } = setup({ body: pads });
    const dialog = await openEdit(user);
    await user.clear(within(dialog).getByLabelText('Available Quantity'));
    await user.type(within(dialog).getByLabelText('Available Quantity'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith('Brake Pads is updated.'));
    expect(sentBody(fetchMock, 'PUT', '/api/part/1')).toEqual({ availableQuantity: 10, availableQuantitySeen: 3 });
  });

  it("shows the shop's message when the stock changed meanwhile, and reloads the current stock", async () => {
    const message = 'The stock changed since you loaded it (now 1); check it and try again.';
    const replies = [{ status: 409, body: { error: message } }, { body: { matchedCount: 1, modifiedCount: 1 } }];
    const { user, fetchMock } = setup({ body: pads }, () => replies.shift()!, { body: { ...pads, availableQuantity: 1 } });
    const dialog = await openEdit(user);
    await user.clear(within(dialog).getByLabelText('Available Quantity'));
    await user.type(within(dialog).getByLabelText('Available Quantity'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(notify.error).toHaveBeenCalledWith(message));
    expect(dialog).toBeInTheDocument();
    await vi.waitFor(() => expect(within(dialog).getByLabelText('Available Quantity')).toHaveValue('1'));
    expect(within(dialog).getByText('Reloaded: 1 in stock now.')).toBeInTheDocument();
    // The SKU was not sent, so the refusal is not put under it.
    expect(within(dialog).queryByText(message)).not.toBeInTheDocument();

    // Saved again, the new figure goes with the stock now seen.
    fetchMock.mockClear();
    await user.clear(within(dialog).getByLabelText('Available Quantity'));
    await user.type(within(dialog).getByLabelText('Available Quantity'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith('Brake Pads is updated.'));
    expect(sentBody(fetchMock, 'PUT', '/api/part/1')).toEqual({ availableQuantity: 10, availableQuantitySeen: 1 });
  });

  it('closes without asking the shop when nothing was changed', async () => {
    const { user, fetchMock } = setup({ body: pads });
    const dialog = await openEdit(user);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(notify.info).toHaveBeenCalledWith('Nothing to save: Brake Pads is unchanged.'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('puts a part number taken by another part under the SKU', async () => {
    const { user } = setup({ body: pads }, { status: 409, body: { error: 'Another part has the part number BRK-7' } });
    const dialog = await openEdit(user);
    await user.clear(within(dialog).getByLabelText('SKU'));
    await user.type(within(dialog).getByLabelText('SKU'), 'BRK-7');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(notify.error).toHaveBeenCalledWith('Another part has the part number BRK-7'));
    expect(await within(dialog).findByText('Another part has the part number BRK-7')).toBeInTheDocument();
  });

  it("shows each vehicle's qualifiers and the replaced numbers, and sends the list changed", async () => {
    const qualified = {
      ...pads,
      replaces: ['04465-02220'],
      fitments: [{ make: 'Toyota', model: 'Corolla', yearFrom: 2014, yearTo: 2019, engine: '1.8L L4', axle: 'front', note: 'Not for the hybrid' }],
    };
    const fetchMock = mockApi({
      'GET /api/config': config,
      'GET /api/part': { body: [qualified, belt] },
      'PUT /api/part/1': { body: { matchedCount: 1, modifiedCount: 1 } },
    });
    const { user } = renderWithProviders(<ManageParts />);
    await user.click(await screen.findByRole('button', { name: 'Edit Brake Pads' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Brake Pads' });
    const row = within(dialog).getByRole('group', { name: 'Vehicle 1' });
    expect(within(dialog).getByLabelText('Replaces')).toHaveValue('04465-02220');
    expect(within(row).getByLabelText('Engine')).toHaveValue('1.8L L4');
    expect(within(row).getByLabelText('Axle')).toHaveValue('front');
    expect(within(row).getByLabelText('Side')).toHaveValue('');
    expect(within(row).getByLabelText('Note')).toHaveValue('Not for the hybrid');
    await user.selectOptions(within(row).getByLabelText('Axle'), 'Rear');
    await user.type(within(dialog).getByLabelText('Replaces'), ', BRK-1040');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith('Brake Pads is updated.'));
    expect(sentBody(fetchMock, 'PUT', '/api/part/1')).toEqual({
      replaces: ['04465-02220', 'BRK-1040'],
      fitments: [{ make: 'Toyota', model: 'Corolla', yearFrom: 2014, yearTo: 2019, engine: '1.8L L4', axle: 'rear', note: 'Not for the hybrid' }],
    });
  });
});

/** The address's query string, as the router has it (the page and search live there). */
function Address() {
  return <output data-testid="address">{useLocation().search}</output>;
}

describe('Manage Parts pages and search', () => {
  /** `total` parts, newest first: part `n` is the n-th newest. */
  const catalogue = (total: number) => Array.from({ length: total }, (_, i) => makePart({ _id: `p${i + 1}`, name: `Part ${i + 1}`, sku: `SKU-${i + 1}` }));

  /** A fake `/api/part` answering `limit` parts from `offset` of those matching `q`, and how many match. */
  function setupPages(parts: ReturnType<typeof catalogue>, url = '/dashboard/managePart') {
    const fetchMock = mockApi({
      'GET /api/config': config,
      'GET /api/part': (_body, address) => {
        const q = (address.searchParams.get('q') ?? '').toLowerCase();
        const matching = parts.filter((part) => !q || part.name.toLowerCase().includes(q) || part.sku.toLowerCase().includes(q));
        const offset = Number(address.searchParams.get('offset') ?? 0);
        const limit = Number(address.searchParams.get('limit') ?? 1000);
        return { body: matching.slice(offset, offset + limit), headers: { 'X-Total-Count': String(matching.length) } };
      },
    });
    const rendered = renderWithProviders(
      <>
        <ManageParts />
        <Address />
      </>,
      { url },
    );
    return { ...rendered, fetchMock };
  }

  /** The query strings of the list's calls to `/api/part`, in order. */
  const listQueries = (fetchMock: ReturnType<typeof mockApi>) =>
    fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://shop.test')).filter((url) => url.pathname === '/api/part').map((url) => url.searchParams);

  it('lists 50 parts a page, newest first, and pages on with the total from X-Total-Count', async () => {
    const { user, fetchMock } = setupPages(catalogue(1234));
    expect(await screen.findByText('1–50 of 1,234 parts, newest first')).toBeInTheDocument();
    expect(listQueries(fetchMock)[0]?.toString()).toBe('sort=newest&limit=50&offset=0');
    // One row a part, besides the header row.
    expect(screen.getAllByRole('row')).toHaveLength(51);
    expect(row('Part 1 ')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 25')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('51–100 of 1,234 parts, newest first')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 25')).toBeInTheDocument();
    expect(listQueries(fetchMock).at(-1)?.toString()).toBe('sort=newest&limit=50&offset=50');
    expect(screen.getByTestId('address')).toHaveTextContent('?page=2');
    expect(row('Part 51 ')).toBeInTheDocument();
    expect(screen.queryByText('Part 1')).not.toBeInTheDocument();
  });

  it('opens at the page in the address, and the last page shows what is left', async () => {
    const { fetchMock } = setupPages(catalogue(120), '/dashboard/managePart?page=3');
    expect(await screen.findByText('101–120 of 120 parts, newest first')).toBeInTheDocument();
    expect(listQueries(fetchMock)[0]?.get('offset')).toBe('100');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('offers the first page when the page in the address is past the last one', async () => {
    const { user } = setupPages(catalogue(3), '/dashboard/managePart?page=9');
    expect(await screen.findByText('There is no page 9 of these parts.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to the first page' }));
    expect(await screen.findByText('1–3 of 3 parts, newest first')).toBeInTheDocument();
    expect(screen.getByTestId('address')).toBeEmptyDOMElement();
  });

  it('searches from the first page, keeping the words in the address, best match first', async () => {
    const { user, fetchMock } = setupPages(catalogue(1234), '/dashboard/managePart?page=2');
    expect(await screen.findByText('51–100 of 1,234 parts, newest first')).toBeInTheDocument();
    const search = screen.getByRole('searchbox', { name: 'Search parts' });
    await user.type(search, '  SKU-123  {Enter}');
    // SKU-123 and SKU-1230 to SKU-1234.
    expect(await screen.findByText('1–6 of 6 parts, best match first')).toBeInTheDocument();
    const query = listQueries(fetchMock).at(-1);
    expect(query?.get('q')).toBe('SKU-123');
    expect(query?.get('offset')).toBe('0');
    expect(query?.get('sort')).toBe('relevance');
    expect(screen.getByTestId('address')).toHaveTextContent('?q=SKU-123');
    expect(row('Part 123 ')).toBeInTheDocument();
    // The box keeps the focus, to search again.
    expect(search).toHaveFocus();

    // Searching again with the button, or with no words for every part.
    await user.clear(search);
    await user.click(within(screen.getByRole('search')).getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('1–50 of 1,234 parts, newest first')).toBeInTheDocument();
    expect(listQueries(fetchMock).at(-1)?.toString()).toBe('sort=newest&limit=50&offset=0');
    expect(screen.getByTestId('address')).toBeEmptyDOMElement();
  });

  it('says when no part matches, and shows every part again', async () => {
    const { user } = setupPages(catalogue(60), '/dashboard/managePart?q=nothing');
    expect(await screen.findByText('No parts match “nothing”.')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search parts' })).toHaveValue('nothing');
    await user.click(screen.getByRole('button', { name: 'Show every part' }));
    expect(await screen.findByText('1–50 of 60 parts, newest first')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search parts' })).toHaveValue('');
    expect(screen.getByTestId('address')).toBeEmptyDOMElement();
  });

  it('says so when the shop has no parts yet', async () => {
    setupPages([]);
    expect(await screen.findByText('No parts yet. Add one from Add A New Part.')).toBeInTheDocument();
  });

  it('restocks a part on a later page and that page is asked for again', async () => {
    const parts = catalogue(60);
    const { user } = setupPages(parts, '/dashboard/managePart?page=2');
    expect(await screen.findByText('51–60 of 60 parts, newest first')).toBeInTheDocument();
    // The shop now has the restocked part's new stock.
    const restocked = { ...parts[54]!, availableQuantity: 99 };
    mockApi({
      'GET /api/config': config,
      'GET /api/part': (_body, address) => {
        const offset = Number(address.searchParams.get('offset') ?? 0);
        const now = parts.map((part) => (part._id === restocked._id ? restocked : part));
        return { body: now.slice(offset, offset + 50), headers: { 'X-Total-Count': String(now.length) } };
      },
      'POST /api/part/p55/restock': { body: restocked },
    });
    await user.click(await screen.findByRole('button', { name: 'Restock Part 55' }));
    const dialog = screen.getByRole('dialog', { name: 'Restock Part 55' });
    await user.type(within(dialog).getByLabelText('Quantity to add'), '92');
    await user.click(within(dialog).getByRole('button', { name: 'Restock' }));
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith('Part 55 is restocked: 99 in stock.'));
    await vi.waitFor(() => expect(within(row('Part 55 ')).getByText('99')).toBeInTheDocument());
    expect(screen.getByText('51–60 of 60 parts, newest first')).toBeInTheDocument();
  });
});
