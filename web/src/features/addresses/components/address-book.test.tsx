import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Address } from '@/features/cart/api-types';
import { notify } from '@/lib/notify';
import { ANN, CONFIG, makeAddress } from '@/test/cart';
import { mockApi, renderWithProviders, sentBody } from '@/test/render';
import { AddressBook } from './address-book';

vi.mock('@/lib/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const home = makeAddress({ _id: '1', name: 'Ann Lee', line1: '12 Elm Street', isDefault: true, phone: '+1 555 010 2000' });
const work = makeAddress({ _id: '2', name: 'Ann at work', line1: '1 Dock Road', line2: 'Unit 4', city: 'Chicago', region: 'IL', postcode: '60601', isDefault: false });

/** A book the fake shop keeps, changed by its routes as the real one would. */
function setup(start: Address[] = [home, work], routes: Parameters<typeof mockApi>[0] = {}) {
  let book = [...start];
  const fetchMock = mockApi({
    'GET /api/config': { body: CONFIG },
    'GET /api/addresses': () => ({ body: book }),
    'POST /api/addresses': (body) => {
      const saved = { ...(body as Address), _id: '9', isDefault: book.length === 0 || Boolean((body as Address).isDefault), phone: null };
      book = [...book, saved];
      return { status: 201, body: saved };
    },
    'PUT /api/addresses/2': (body) => {
      const saved = { ...(body as Address), _id: '2', phone: null };
      book = book.map((a) => (a._id === '2' ? saved : saved.isDefault ? { ...a, isDefault: false } : a));
      return { body: saved };
    },
    'DELETE /api/addresses/2': () => {
      book = book.filter((a) => a._id !== '2');
      return { body: { deletedCount: 1 } };
    },
    ...routes,
  });
  const view = renderWithProviders(<AddressBook />, { signedInAs: ANN });
  return { ...view, fetchMock };
}

const card = (name: string) => within(screen.getByRole('listitem', { name }));

beforeEach(() => {
  vi.mocked(notify.success).mockReset();
  vi.mocked(notify.error).mockReset();
});

describe('the address book', () => {
  it('lists every address, the default marked, with its lines', async () => {
    setup();
    expect(await screen.findByRole('list', { name: 'Addresses' })).toBeInTheDocument();
    const first = card('Ann Lee, 12 Elm Street');
    expect(first.getByText('Default')).toBeInTheDocument();
    expect(first.getByText('Springfield, IL 62704')).toBeInTheDocument();
    expect(first.getByText('+1 555 010 2000')).toBeInTheDocument();
    expect(first.queryByRole('button', { name: /Make .* the default/ })).not.toBeInTheDocument();
    const second = card('Ann at work, 1 Dock Road');
    expect(second.getByText('Unit 4')).toBeInTheDocument();
    expect(second.getByText('Chicago, IL 60601')).toBeInTheDocument();
    expect(second.queryByText('Default')).not.toBeInTheDocument();
  });

  it('adds an address, checking it first as the shop does', async () => {
    const { user, fetchMock } = setup();
    await user.click(await screen.findByRole('button', { name: 'Add address' }));
    const form = within(screen.getByRole('form', { name: 'New address' }));
    await user.clear(form.getByLabelText('Country'));
    await user.type(form.getByLabelText('Country'), 'U1');
    await user.type(form.getByLabelText('Phone (optional)'), 'call me');
    await user.click(form.getByRole('button', { name: 'Save address' }));
    expect(await form.findByText('Name is Required')).toBeInTheDocument();
    expect(form.getByText('Address is Required')).toBeInTheDocument();
    expect(form.getByText('City is Required')).toBeInTheDocument();
    expect(form.getByText('Postcode is Required')).toBeInTheDocument();
    expect(form.getByText('Country must be a two-letter country code')).toBeInTheDocument();
    expect(form.getByText('Provide a valid phone number')).toBeInTheDocument();

    await user.type(form.getByLabelText('Full name'), 'Bo Lee');
    await user.type(form.getByLabelText('Address line 1'), '3 Oak Road');
    await user.type(form.getByLabelText('City'), 'Peoria');
    await user.type(form.getByLabelText('Postcode'), '61602');
    await user.clear(form.getByLabelText('Country'));
    await user.type(form.getByLabelText('Country'), 'gb');
    await user.clear(form.getByLabelText('Phone (optional)'));
    await user.click(form.getByLabelText('Make this my default address'));
    await user.click(form.getByRole('button', { name: 'Save address' }));

    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Address added.'));
    expect(sentBody(fetchMock, 'POST', '/api/addresses')).toEqual({
      name: 'Bo Lee',
      line1: '3 Oak Road',
      line2: '',
      city: 'Peoria',
      region: '',
      postcode: '61602',
      country: 'GB',
      isDefault: true,
    });
    expect(await screen.findByRole('listitem', { name: 'Bo Lee, 3 Oak Road' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'New address' })).not.toBeInTheDocument();
  });

  it("shows the shop's refusals under the fields and in words", async () => {
    const { user } = setup([home, work], {
      'POST /api/addresses': { status: 409, body: { error: 'An address book holds at most 20 addresses' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Add address' }));
    const form = within(screen.getByRole('form', { name: 'New address' }));
    await user.type(form.getByLabelText('Full name'), 'Bo Lee');
    await user.type(form.getByLabelText('Address line 1'), '3 Oak Road');
    await user.type(form.getByLabelText('City'), 'Peoria');
    await user.type(form.getByLabelText('Postcode'), '61602');
    await user.click(form.getByRole('button', { name: 'Save address' }));
    expect(await form.findByRole('alert')).toHaveTextContent('An address book holds at most 20 addresses');
  });

  it('changes an address in place', async () => {
    const { user, fetchMock } = setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Ann at work, 1 Dock Road' }));
    const form = within(screen.getByRole('form', { name: "Change Ann at work's address" }));
    expect(form.getByLabelText('Address line 2 (optional)')).toHaveValue('Unit 4');
    await user.clear(form.getByLabelText('Address line 2 (optional)'));
    await user.type(form.getByLabelText('Address line 2 (optional)'), 'Unit 5');
    await user.click(form.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Address saved.'));
    expect(sentBody(fetchMock, 'PUT', '/api/addresses/2')).toMatchObject({ line1: '1 Dock Road', line2: 'Unit 5', isDefault: false });
    expect(await card('Ann at work, 1 Dock Road').findByText('Unit 5')).toBeInTheDocument();
  });

  it('makes another address the default', async () => {
    const { user, fetchMock } = setup();
    await user.click(await screen.findByRole('button', { name: 'Make Ann at work, 1 Dock Road the default' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith("Ann at work's address is now your default."));
    expect(sentBody(fetchMock, 'PUT', '/api/addresses/2')).toEqual({
      name: 'Ann at work',
      line1: '1 Dock Road',
      line2: 'Unit 4',
      city: 'Chicago',
      region: 'IL',
      postcode: '60601',
      country: 'US',
      isDefault: true,
    });
    await waitFor(() => expect(card('Ann at work, 1 Dock Road').getByText('Default')).toBeInTheDocument());
    expect(card('Ann Lee, 12 Elm Street').queryByText('Default')).not.toBeInTheDocument();
  });

  it('deletes an address after asking', async () => {
    const { user, fetchMock } = setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Ann at work, 1 Dock Road' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete this address?' }));
    expect(dialog.getByText('1 Dock Road')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Delete address' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Address deleted.'));
    expect(fetchMock.mock.calls.some(([input, init]) => init?.method === 'DELETE' && String(input).endsWith('/api/addresses/2'))).toBe(true);
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Ann at work, 1 Dock Road' })).not.toBeInTheDocument());
  });

  it('invites the first address when the book is empty', async () => {
    setup([]);
    expect(await screen.findByText('No addresses yet. Add one and checkout offers it for delivery.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add address' })).toBeInTheDocument();
  });
});
