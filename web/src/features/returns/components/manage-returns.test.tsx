import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { ADMIN, CONFIG } from '@/test/cart';
import { mockApi, renderWithProviders, sentBody } from '@/test/render';
import { makeReturn } from '@/test/returns';
import type { ReturnState, ReturnView } from '../types';
import { ManageReturns } from './manage-returns';

vi.mock('@/lib/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const ret = (id: string, state: ReturnState, overrides: Partial<ReturnView> = {}) =>
  makeReturn({ _id: id, number: `RMA-${id}`, bookingId: `9${id}`, state, buyerName: `Buyer ${id}`, buyerEmail: `buyer${id}@example.com`, ...overrides });

const RETURNS = [
  ret('6', 'requested'),
  ret('5', 'approved', { reason: 'faulty', refund: { goods: 25, tax: 2, delivery: 8.1, core: 0, fee: 0, total: 35.1 } }),
  ret('4', 'received'),
  ret('3', 'rejected', { rejection: 'Used' }),
  ret('2', 'refunded', { refundId: 're_2' }),
  ret('1', 'closed'),
];

/** RMA-7, approved: the old alternator of order #97 coming back for its $45.00 deposit. */
const CORE_RETURN = ret('7', 'approved', {
  reason: 'core',
  lines: [{ position: 1, partId: '4', partName: 'Alternator', quantity: 1, unitPrice: 120, vehicle: null, coreCharge: 45 }],
  refund: { goods: 0, tax: 0, delivery: 0, core: 45, fee: 0, total: 45 },
  deduction: 0,
});

type Routes = Parameters<typeof mockApi>[0];

function setup(routes: Routes = {}, url = '/dashboard/manage-returns') {
  const fetchMock = mockApi({
    'GET /api/config': { body: CONFIG },
    'GET /api/admin/returns': { body: RETURNS, headers: { 'X-Total-Count': String(RETURNS.length) } },
    ...routes,
  });
  const view = renderWithProviders(<ManageReturns />, { url, path: '/dashboard/manage-returns', signedInAs: ADMIN });
  return { ...view, fetchMock };
}

/** The table row of a return (the phone cards repeat it; jsdom shows both). */
async function row(number: string) {
  const table = await screen.findByRole('table');
  const found = within(table)
    .getAllByRole('row')
    .find((candidate) => within(candidate).queryByText(number) !== null);
  if (!found) throw new Error(`no row for ${number}`);
  return within(found);
}

/** The query strings of the GET /api/admin/returns calls, in order. */
function listQueries(fetchMock: ReturnType<typeof mockApi>): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://shop.test'), method: init?.method ?? 'GET' }))
    .filter(({ url, method }) => method === 'GET' && url.pathname === '/api/admin/returns')
    .map(({ url }) => url.searchParams);
}

function buttonNames(scope: ReturnType<typeof within>): string[] {
  return scope.queryAllByRole('button').map((button: HTMLElement) => button.textContent ?? '');
}

/** A return list that answers `after` once `moved` is set: the list after a move. */
function movingList(id: string, after: Partial<ReturnView>) {
  const state = { moved: false };
  const answer = () => ({
    body: RETURNS.map((r) => (r._id === id && state.moved ? { ...r, ...after } : r)),
    headers: { 'X-Total-Count': String(RETURNS.length) },
  });
  return { state, answer };
}

beforeEach(() => {
  vi.mocked(notify.success).mockReset();
  vi.mocked(notify.error).mockReset();
});

describe('Returns (staff)', () => {
  it('lists every return with its order, buyer, reason, parts, refund and state', async () => {
    const { fetchMock } = setup();
    const five = await row('RMA-5');
    expect(five.getByRole('link', { name: 'RMA-5, details' })).toHaveAttribute('href', '/dashboard/manage-returns/5');
    expect(five.getByRole('link', { name: 'Order #95, details' })).toHaveAttribute('href', '/dashboard/manage-orders/95');
    expect(five.getByText('Buyer 5')).toBeInTheDocument();
    expect(five.getByText('buyer5@example.com')).toBeInTheDocument();
    expect(five.getByText('Faulty')).toBeInTheDocument();
    expect(five.getByText('2 × Brake Pads')).toBeInTheDocument();
    expect(five.getByText('$35.10')).toBeInTheDocument();
    expect(five.getByText('expected')).toBeInTheDocument();
    expect(five.getByText('Approved – awaiting the parts')).toBeInTheDocument();
    expect((await row('RMA-6')).getByText("Doesn't fit the vehicle")).toBeInTheDocument();
    expect((await row('RMA-2')).getByText('refunded')).toBeInTheDocument();
    expect((await row('RMA-3')).getByText('—')).toBeInTheDocument();
    expect(screen.getByText('1–6 of 6 returns')).toBeInTheDocument();
    expect(listQueries(fetchMock)[0]?.toString()).toBe('limit=20&offset=0');
  });

  it('shows only the moves each state allows', async () => {
    setup();
    expect(buttonNames(await row('RMA-6'))).toEqual(['Approve', 'Reject']);
    expect(buttonNames(await row('RMA-5'))).toEqual(['Receive']);
    expect(buttonNames(await row('RMA-4'))).toEqual(['Refund', 'Close']);
    expect(buttonNames(await row('RMA-3'))).toEqual(['Close']);
    expect(buttonNames(await row('RMA-2'))).toEqual(['Close']);
    expect(buttonNames(await row('RMA-1'))).toEqual([]);
  });

  it('filters by state and by reason, from the first page', async () => {
    const { user, fetchMock } = setup({}, '/dashboard/manage-returns?page=2');
    await row('RMA-6');
    expect(listQueries(fetchMock).at(-1)?.get('offset')).toBe('20');

    await user.selectOptions(screen.getByLabelText('Show returns'), 'Received');
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.toString()).toBe('state=received&limit=20&offset=0'));

    await user.selectOptions(screen.getByLabelText('Reason'), 'Wrong part sent');
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.toString()).toBe('state=received&reason=wrongPartSent&limit=20&offset=0'));

    await user.selectOptions(screen.getByLabelText('Show returns'), 'All returns');
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.toString()).toBe('reason=wrongPartSent&limit=20&offset=0'));
  });

  it('says so when no return matches the filters', async () => {
    setup({ 'GET /api/admin/returns': { body: [], headers: { 'X-Total-Count': '0' } } }, '/dashboard/manage-returns?state=closed&reason=faulty');
    expect(await screen.findByText('No returns match these filters.')).toBeInTheDocument();
    expect(screen.getByLabelText('Show returns')).toHaveValue('closed');
    expect(screen.getByLabelText('Reason')).toHaveValue('faulty');
  });

  it('approves with the instructions given, says so and refreshes the list', async () => {
    const list = movingList('6', { state: 'approved' });
    const { user, fetchMock } = setup({
      'GET /api/admin/returns': list.answer,
      'POST /api/admin/returns/6/approve': () => {
        list.state.moved = true;
        return { body: { ...RETURNS[0], state: 'approved' } };
      },
    });
    await user.click((await row('RMA-6')).getByRole('button', { name: 'Approve return RMA-6' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Approve this return?' }));
    expect(dialog.getByText('2 × Brake Pads')).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Instructions for the buyer (optional)'), '  Post it to 1 Main St.  ');
    await user.click(dialog.getByRole('button', { name: 'Approve Return' }));

    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('RMA-6 is approved; the buyer is told how to send it back.'));
    expect(sentBody(fetchMock, 'POST', '/api/admin/returns/6/approve')).toEqual({ instructions: 'Post it to 1 Main St.' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(async () => expect(buttonNames(await row('RMA-6'))).toEqual(['Receive']));
  });

  it('rejects only with a reason, which it sends', async () => {
    const list = movingList('6', { state: 'rejected' });
    const { user, fetchMock } = setup({
      'GET /api/admin/returns': list.answer,
      'POST /api/admin/returns/6/reject': () => {
        list.state.moved = true;
        return { body: { ...RETURNS[0], state: 'rejected' } };
      },
    });
    await user.click((await row('RMA-6')).getByRole('button', { name: 'Reject return RMA-6' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Reject this return?' }));
    await user.click(dialog.getByRole('button', { name: 'Reject Return' }));
    expect(await dialog.findByText('Reason is Required')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.type(dialog.getByLabelText('Reason, told to the buyer'), 'The pads have been fitted.');
    await user.click(dialog.getByRole('button', { name: 'Reject Return' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('RMA-6 is rejected.'));
    expect(sentBody(fetchMock, 'POST', '/api/admin/returns/6/reject')).toEqual({ reason: 'The pads have been fitted.' });
    await waitFor(async () => expect(buttonNames(await row('RMA-6'))).toEqual(['Close']));
  });

  it('receives with the condition chosen', async () => {
    const list = movingList('5', { state: 'received' });
    const { user, fetchMock } = setup({
      'GET /api/admin/returns': list.answer,
      'POST /api/admin/returns/5/receive': () => {
        list.state.moved = true;
        return { body: { ...RETURNS[1], state: 'received' } };
      },
    });
    await user.click((await row('RMA-5')).getByRole('button', { name: 'Receive return RMA-5' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Mark the parts received?' }));
    await user.click(dialog.getByRole('button', { name: 'Mark Received' }));
    expect(await dialog.findByText('Choose how the parts came back')).toBeInTheDocument();
    await user.click(dialog.getByRole('radio', { name: 'Damaged' }));
    await user.click(dialog.getByRole('button', { name: 'Mark Received' }));

    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('RMA-5 is received.'));
    expect(sentBody(fetchMock, 'POST', '/api/admin/returns/5/receive')).toEqual({ condition: 'damaged' });
    await waitFor(async () => expect(buttonNames(await row('RMA-5'))).toEqual(['Refund', 'Close']));
  });

  it('lists a core return as one, and filters by it', async () => {
    const { user, fetchMock } = setup({ 'GET /api/admin/returns': { body: [CORE_RETURN], headers: { 'X-Total-Count': '1' } } });
    const seven = await row('RMA-7');
    expect(seven.getByText('Core return')).toBeInTheDocument();
    expect(seven.getByText('1 × Alternator (old part)')).toBeInTheDocument();
    expect(seven.getByText('$45.00')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Reason'), 'Core return');
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.toString()).toBe('reason=core&limit=20&offset=0'));
  });

  describe('receiving a core', () => {
    function setupCore(receive: Parameters<typeof mockApi>[0][string]) {
      return setup({
        'GET /api/admin/returns': { body: [CORE_RETURN], headers: { 'X-Total-Count': '1' } },
        'POST /api/admin/returns/7/receive': receive,
      });
    }

    it('asks whether it can be rebuilt, takes a deduction, and says a core puts no stock back', async () => {
      const { user, fetchMock } = setupCore({ body: { ...CORE_RETURN, state: 'received', condition: 'damaged', deduction: 5 } });
      await user.click((await row('RMA-7')).getByRole('button', { name: 'Receive return RMA-7' }));
      const dialog = within(screen.getByRole('dialog', { name: 'Mark the parts received?' }));
      expect(dialog.getByText('Say whether the old part can be rebuilt. A core puts no stock back.')).toBeInTheDocument();
      expect(dialog.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
        'Can be rebuilt',
        'Cannot be rebuilt',
        'Not the part sold',
      ]);
      await user.click(dialog.getByRole('radio', { name: 'Cannot be rebuilt' }));
      await user.type(dialog.getByLabelText('Deduction (optional)'), '5.00');
      await user.click(dialog.getByRole('button', { name: 'Mark Received' }));

      await waitFor(() => expect(notify.success).toHaveBeenCalledWith('RMA-7 is received.'));
      expect(sentBody(fetchMock, 'POST', '/api/admin/returns/7/receive')).toEqual({ condition: 'damaged', deduction: 5 });
    });

    it('sends no deduction when none is given', async () => {
      const { user, fetchMock } = setupCore({ body: { ...CORE_RETURN, state: 'received', condition: 'resalable' } });
      await user.click((await row('RMA-7')).getByRole('button', { name: 'Receive return RMA-7' }));
      const dialog = within(screen.getByRole('dialog'));
      expect(dialog.getByText('Taken off the deposit of $45.00, for a core that cannot be rebuilt.')).toBeInTheDocument();
      await user.click(dialog.getByRole('radio', { name: 'Can be rebuilt' }));
      await user.click(dialog.getByRole('button', { name: 'Mark Received' }));
      await waitFor(() => expect(notify.success).toHaveBeenCalledWith('RMA-7 is received.'));
      expect(sentBody(fetchMock, 'POST', '/api/admin/returns/7/receive')).toEqual({ condition: 'resalable' });
    });

    it('keeps the deduction within the deposit, and shows the shop\'s message under it', async () => {
      const { user, fetchMock } = setupCore({
        status: 400,
        body: { error: 'The deduction must be at most the deposit, 45.00', fields: { deduction: 'The deduction must be at most the deposit, 45.00' } },
      });
      await user.click((await row('RMA-7')).getByRole('button', { name: 'Receive return RMA-7' }));
      const dialog = within(screen.getByRole('dialog'));
      await user.click(dialog.getByRole('radio', { name: 'Cannot be rebuilt' }));
      const deduction = dialog.getByLabelText('Deduction (optional)');
      await user.type(deduction, '50');
      await user.click(dialog.getByRole('button', { name: 'Mark Received' }));
      expect(await dialog.findByText('The deduction must be at most the deposit, 45.00')).toBeInTheDocument();
      expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

      await user.clear(deduction);
      await user.type(deduction, '4.999');
      await user.click(dialog.getByRole('button', { name: 'Mark Received' }));
      expect(await dialog.findByText('The deduction must be an amount, with at most two decimals')).toBeInTheDocument();

      // The shop has the last word: its message stands under the input, and the dialog stays open.
      await user.clear(deduction);
      await user.type(deduction, '45');
      await user.click(dialog.getByRole('button', { name: 'Mark Received' }));
      await waitFor(() => expect(deduction).toHaveAccessibleDescription('The deduction must be at most the deposit, 45.00'));
      expect(screen.getByRole('dialog')).toBeInTheDocument();
      expect(notify.error).not.toHaveBeenCalled();
    });

    it('refunds the deposit less the deduction', async () => {
      const received = { ...CORE_RETURN, state: 'received' as const, condition: 'damaged' as const, deduction: 5, refund: { goods: 0, tax: 0, delivery: 0, core: 45, fee: 5, total: 40 } };
      const { user } = setup({
        'GET /api/admin/returns': { body: [received], headers: { 'X-Total-Count': '1' } },
        'POST /api/admin/returns/7/refund': { body: { ...received, state: 'refunded', refundId: 're_7' } },
      });
      await user.click((await row('RMA-7')).getByRole('button', { name: 'Refund return RMA-7' }));
      const dialog = within(screen.getByRole('dialog', { name: 'Refund this return?' }));
      expect(dialog.getAllByRole('term').map((term) => term.textContent)).toEqual(['Core deposits', 'Deduction', 'Total']);
      expect(dialog.getAllByRole('definition').map((figure) => figure.textContent)).toEqual(['$45.00', '−$5.00', '$40.00']);
      await user.click(dialog.getByRole('button', { name: 'Refund $40.00' }));
      await waitFor(() => expect(notify.success).toHaveBeenCalledWith('RMA-7 is refunded.'));
    });

    it('offers no deduction on any other return', async () => {
      const { user } = setup();
      await user.click((await row('RMA-5')).getByRole('button', { name: 'Receive return RMA-5' }));
      const dialog = within(screen.getByRole('dialog'));
      expect(dialog.getByText('Say how they came back: resalable parts go back into stock.')).toBeInTheDocument();
      expect(dialog.queryByLabelText(/Deduction/)).not.toBeInTheDocument();
    });
  });

  it('refunds after showing the figures, with no body', async () => {
    const list = movingList('4', { state: 'refunded', refundId: 're_4' });
    const { user, fetchMock } = setup({
      'GET /api/admin/returns': list.answer,
      'POST /api/admin/returns/4/refund': () => {
        list.state.moved = true;
        return { body: { ...RETURNS[2], state: 'refunded', refundId: 're_4' } };
      },
    });
    await user.click((await row('RMA-4')).getByRole('button', { name: 'Refund return RMA-4' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Refund this return?' }));
    expect(
      dialog
        .getAllByRole('definition')
        .map((figure) => figure.textContent),
    ).toEqual(['$25.00', '$2.00', '$0.00', '−$3.75', '$23.25']);
    await user.click(dialog.getByRole('button', { name: 'Refund $23.25' }));

    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('RMA-4 is refunded.'));
    expect(sentBody(fetchMock, 'POST', '/api/admin/returns/4/refund')).toBeUndefined();
    await waitFor(async () => expect((await row('RMA-4')).getByText('refunded')).toBeInTheDocument());
    expect(buttonNames(await row('RMA-4'))).toEqual(['Close']);
  });

  it('closes after confirmation, with no body', async () => {
    const list = movingList('3', { state: 'closed' });
    const { user, fetchMock } = setup({
      'GET /api/admin/returns': list.answer,
      'POST /api/admin/returns/3/close': () => {
        list.state.moved = true;
        return { body: { ...RETURNS[3], state: 'closed' } };
      },
    });
    await user.click((await row('RMA-3')).getByRole('button', { name: 'Close return RMA-3' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Close this return?' })).getByRole('button', { name: 'Close Return' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('RMA-3 is closed.'));
    expect(sentBody(fetchMock, 'POST', '/api/admin/returns/3/close')).toBeUndefined();
    await waitFor(async () => expect(buttonNames(await row('RMA-3'))).toEqual([]));
  });

  it.each([
    [409, 'Only a received return can be refunded'],
    [503, 'The card provider did not refund: try again later'],
  ])("shows the shop's message when a move is refused (%s)", async (status, error) => {
    const { user } = setup({ 'POST /api/admin/returns/4/refund': { status, body: { error } } });
    await user.click((await row('RMA-4')).getByRole('button', { name: 'Refund return RMA-4' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Refund $23.25' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(error));
    expect(notify.success).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('sends nothing when a dialog is closed with Back', async () => {
    const { user, fetchMock } = setup();
    await user.click((await row('RMA-6')).getByRole('button', { name: 'Reject return RMA-6' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('on phones, gives each return a card with its moves and says what its badge is', async () => {
    setup();
    const cards = within(await screen.findByRole('list', { name: 'Returns' }));
    const card = within(cards.getByRole('link', { name: 'RMA-4, details' }).closest('li')!);
    expect(card.getByText('Status: Received')).toBeInTheDocument();
    expect(card.getByText('Reason: Doesn\'t fit the vehicle')).toBeInTheDocument();
    expect(buttonNames(card)).toEqual(['Refund', 'Close']);
  });

  it('pages through the returns with the total from X-Total-Count', async () => {
    const { user, fetchMock } = setup({ 'GET /api/admin/returns': { body: RETURNS, headers: { 'X-Total-Count': '45' } } });
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(listQueries(fetchMock).at(-1)?.toString()).toBe('limit=20&offset=20');
  });
});
