import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShippingMethod, TaxRate } from '@/features/cart/api-types';
import { notify } from '@/lib/notify';
import { ADMIN, CONFIG, SHIPPING_INFO } from '@/test/cart';
import { mockApi, renderWithProviders, sentBody } from '@/test/render';
import { CounterForm } from './counter-form';
import { ShippingMethodsAdmin } from './shipping-methods-admin';
import { TaxRatesAdmin } from './tax-rates-admin';

vi.mock('@/lib/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const courier: ShippingMethod = { _id: '3', name: 'Courier', description: 'Next working day', basePrice: 7.5, pricePerKg: 1.25, freeOver: 200, active: true, regions: [] };
const freight: ShippingMethod = { _id: '4', name: 'Freight', description: '', basePrice: 40, pricePerKg: 0, freeOver: null, active: false, regions: ['US-OH', 'US-KY'] };

beforeEach(() => {
  vi.mocked(notify.success).mockReset();
  vi.mocked(notify.error).mockReset();
});

/** The table row that names `text`. */
function row(text: string) {
  const found = screen.getAllByRole('row').find((candidate) => within(candidate).queryByText(text) !== null);
  if (!found) throw new Error(`no row for ${text}`);
  return within(found);
}

describe('Shipping: delivery methods', () => {
  function setup(routes: Parameters<typeof mockApi>[0] = {}) {
    let methods = [courier, freight];
    const fetchMock = mockApi({
      'GET /api/config': { body: CONFIG },
      'GET /api/admin/shipping-methods': () => ({ body: methods }),
      'POST /api/admin/shipping-methods': (body) => {
        const saved = { ...(body as ShippingMethod), _id: '5' };
        methods = [...methods, saved];
        return { status: 201, body: saved };
      },
      'PUT /api/admin/shipping-methods/3': (body) => {
        const saved = { ...(body as ShippingMethod), _id: '3' };
        methods = methods.map((m) => (m._id === '3' ? saved : m));
        return { body: saved };
      },
      'DELETE /api/admin/shipping-methods/4': () => {
        methods = methods.filter((m) => m._id !== '4');
        return { body: { deletedCount: 1 } };
      },
      ...routes,
    });
    return { ...renderWithProviders(<ShippingMethodsAdmin />, { signedInAs: ADMIN }), fetchMock };
  }

  it('lists every method with its prices, inactive ones marked', async () => {
    setup();
    await screen.findByRole('table');
    const c = row('Courier');
    expect(c.getByText('Next working day')).toBeInTheDocument();
    expect(c.getByText('$7.50')).toBeInTheDocument();
    expect(c.getByText('$1.25')).toBeInTheDocument();
    expect(c.getByText('$200.00')).toBeInTheDocument();
    expect(c.getByText('Offered')).toBeInTheDocument();
    const f = row('Freight');
    expect(f.getByText('—')).toBeInTheDocument();
    expect(f.getByText('Switched off')).toBeInTheDocument();
    expect(f.getByText('US-OH, US-KY')).toBeInTheDocument();
    expect(c.getByText('Everywhere')).toBeInTheDocument();
  });

  it('adds a method, checking its amounts first', async () => {
    const { user, fetchMock } = setup();
    await user.click(await screen.findByRole('button', { name: 'Add delivery method' }));
    const dialog = within(screen.getByRole('dialog', { name: 'New delivery method' }));
    await user.type(dialog.getByLabelText('Price per order'), 'ten');
    await user.type(dialog.getByLabelText('Free over'), '0');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Name is Required')).toBeInTheDocument();
    expect(dialog.getByText('Price per order must be an amount, 0 or more, with at most two decimals')).toBeInTheDocument();
    expect(dialog.getByText('Free over must be an amount above 0, or left empty')).toBeInTheDocument();

    await user.type(dialog.getByLabelText('Name'), 'Standard post');
    await user.type(dialog.getByLabelText('Description'), '3–5 working days');
    await user.clear(dialog.getByLabelText('Price per order'));
    await user.type(dialog.getByLabelText('Price per order'), '4.95');
    await user.clear(dialog.getByLabelText('Price per kg'));
    await user.type(dialog.getByLabelText('Price per kg'), '0.8');
    await user.clear(dialog.getByLabelText('Free over'));
    await user.type(dialog.getByLabelText('Delivers to'), 'Ohio');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Delivers to must be places such as US or US-OH, separated by commas')).toBeInTheDocument();
    await user.clear(dialog.getByLabelText('Delivers to'));
    await user.type(dialog.getByLabelText('Delivers to'), 'us-OH, , CA');
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Standard post is saved.'));
    expect(sentBody(fetchMock, 'POST', '/api/admin/shipping-methods')).toEqual({
      name: 'Standard post',
      description: '3–5 working days',
      basePrice: 4.95,
      pricePerKg: 0.8,
      freeOver: null,
      active: true,
      regions: ['us-OH', 'CA'],
    });
    expect(await screen.findByText('Standard post')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('changes a method’s price and switches it off', async () => {
    const { user, fetchMock } = setup();
    await screen.findByRole('table');
    await user.click(row('Courier').getByRole('button', { name: 'Edit Courier' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Courier' }));
    expect(dialog.getByLabelText('Free over')).toHaveValue('200');
    await user.clear(dialog.getByLabelText('Price per order'));
    await user.type(dialog.getByLabelText('Price per order'), '8.25');
    await user.click(dialog.getByLabelText('Offered at checkout'));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Courier is saved.'));
    expect(sentBody(fetchMock, 'PUT', '/api/admin/shipping-methods/3')).toEqual({
      name: 'Courier',
      description: 'Next working day',
      basePrice: 8.25,
      pricePerKg: 1.25,
      freeOver: 200,
      active: false,
      regions: [],
    });
    await waitFor(() => expect(row('Courier').getByText('$8.25')).toBeInTheDocument());
  });

  it("shows the shop's message under the field it names", async () => {
    const { user } = setup({
      'PUT /api/admin/shipping-methods/3': { status: 400, body: { error: 'Name is Required', fields: { basePrice: 'Price must be at most 100000' } } },
    });
    await screen.findByRole('table');
    await user.click(row('Courier').getByRole('button', { name: 'Edit Courier' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Courier' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Price must be at most 100000')).toBeInTheDocument();
  });

  it('deletes a method after asking', async () => {
    const { user } = setup();
    await screen.findByRole('table');
    await user.click(row('Freight').getByRole('button', { name: 'Delete Freight' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete Freight?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Freight is deleted.'));
    await waitFor(() => expect(screen.queryByText('Freight')).not.toBeInTheDocument());
  });
});

describe('Shipping: the trade counter', () => {
  it('loads the counter and saves it, the country in capitals', async () => {
    const fetchMock = mockApi({
      'GET /api/config': { body: CONFIG },
      'GET /api/shipping-methods': { body: SHIPPING_INFO },
      'PUT /api/admin/counter': (body) => ({ body }),
    });
    const { user } = renderWithProviders(<CounterForm />, { signedInAs: ADMIN });
    const form = within(await screen.findByRole('form', { name: 'Trade counter' }));
    expect(form.getByLabelText('Counter name')).toHaveValue('Riverside counter');
    expect(form.getByLabelText('Street address')).toHaveValue('14 Foundry Lane');
    await user.clear(form.getByLabelText('Opening hours'));
    await user.type(form.getByLabelText('Opening hours'), 'Mon–Sat 8:00–17:00');
    await user.clear(form.getByLabelText('Country'));
    await user.type(form.getByLabelText('Country'), 'us');
    await user.click(form.getByRole('button', { name: 'Save counter' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('The trade counter is saved.'));
    expect(sentBody(fetchMock, 'PUT', '/api/admin/counter')).toEqual({ ...SHIPPING_INFO.counter, hours: 'Mon–Sat 8:00–17:00', country: 'US' });
  });

  it('needs a name and a two-letter country', async () => {
    mockApi({ 'GET /api/config': { body: CONFIG }, 'GET /api/shipping-methods': { body: SHIPPING_INFO } });
    const { user } = renderWithProviders(<CounterForm />, { signedInAs: ADMIN });
    const form = within(await screen.findByRole('form', { name: 'Trade counter' }));
    await user.clear(form.getByLabelText('Counter name'));
    await user.clear(form.getByLabelText('Country'));
    await user.click(form.getByRole('button', { name: 'Save counter' }));
    expect(await form.findByText('Name is Required')).toBeInTheDocument();
    expect(form.getByText('Country must be a two-letter country code')).toBeInTheDocument();
  });
});

describe('Tax rates', () => {
  const us: TaxRate = { _id: '1', country: 'US', region: '', name: '', ratePercent: 5, appliesToShipping: true };
  const ca: TaxRate = { _id: '2', country: 'US', region: 'CA', name: 'CA sales tax', ratePercent: 7.25, appliesToShipping: false };

  function setup(routes: Parameters<typeof mockApi>[0] = {}) {
    let rates = [us, ca];
    const fetchMock = mockApi({
      'GET /api/config': { body: CONFIG },
      'GET /api/admin/tax-rates': () => ({ body: rates }),
      'POST /api/admin/tax-rates': (body) => {
        const saved = { ...(body as TaxRate), _id: '3' };
        rates = [...rates, saved];
        return { status: 201, body: saved };
      },
      'PUT /api/admin/tax-rates/2': (body) => {
        const saved = { ...(body as TaxRate), _id: '2' };
        rates = rates.map((r) => (r._id === '2' ? saved : r));
        return { body: saved };
      },
      'DELETE /api/admin/tax-rates/1': () => {
        rates = rates.filter((r) => r._id !== '1');
        return { body: { deletedCount: 1 } };
      },
      ...routes,
    });
    return { ...renderWithProviders(<TaxRatesAdmin />, { signedInAs: ADMIN }), fetchMock };
  }

  it('lists each rate by its place', async () => {
    setup();
    await screen.findByRole('table');
    expect(row('US-CA').getByText('CA sales tax')).toBeInTheDocument();
    expect(row('US-CA').getByText('7.25%')).toBeInTheDocument();
    expect(row('US-CA').getByText('No')).toBeInTheDocument();
    expect(row('US').getByText('5%')).toBeInTheDocument();
    expect(row('US').getByText('Yes')).toBeInTheDocument();
  });

  it('adds a rate, checking the percentage first', async () => {
    const { user, fetchMock } = setup();
    await user.click(await screen.findByRole('button', { name: 'Add tax rate' }));
    const dialog = within(screen.getByRole('dialog', { name: 'New tax rate' }));
    await user.type(dialog.getByLabelText('Rate (%)'), '101');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Rate must be a percentage from 0 to 100')).toBeInTheDocument();
    await user.clear(dialog.getByLabelText('Rate (%)'));
    await user.type(dialog.getByLabelText('Rate (%)'), '6.625');
    await user.type(dialog.getByLabelText('Region'), 'NJ');
    await user.type(dialog.getByLabelText('Name'), 'NJ sales tax');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('The rate for US-NJ is saved.'));
    expect(sentBody(fetchMock, 'POST', '/api/admin/tax-rates')).toEqual({
      country: 'US',
      region: 'NJ',
      name: 'NJ sales tax',
      ratePercent: 6.625,
      appliesToShipping: true,
    });
    expect(await screen.findByText('US-NJ')).toBeInTheDocument();
  });

  it('says when the place has a rate already', async () => {
    const { user } = setup({ 'POST /api/admin/tax-rates': { status: 409, body: { error: 'A tax rate for US-CA already exists' } } });
    await user.click(await screen.findByRole('button', { name: 'Add tax rate' }));
    const dialog = within(screen.getByRole('dialog', { name: 'New tax rate' }));
    await user.type(dialog.getByLabelText('Region'), 'CA');
    await user.type(dialog.getByLabelText('Rate (%)'), '8');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('A tax rate for US-CA already exists');
    expect(dialog.getAllByText('A tax rate for US-CA already exists')).toHaveLength(2);
  });

  it('changes a rate and deletes another', async () => {
    const { user, fetchMock } = setup();
    await screen.findByRole('table');
    await user.click(row('US-CA').getByRole('button', { name: 'Edit the rate for US-CA' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit the rate for US-CA' }));
    await user.clear(dialog.getByLabelText('Rate (%)'));
    await user.type(dialog.getByLabelText('Rate (%)'), '7.5');
    await user.click(dialog.getByLabelText('Tax the shipping too'));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('The rate for US-CA is saved.'));
    expect(sentBody(fetchMock, 'PUT', '/api/admin/tax-rates/2')).toEqual({
      country: 'US',
      region: 'CA',
      name: 'CA sales tax',
      ratePercent: 7.5,
      appliesToShipping: true,
    });
    await waitFor(() => expect(row('US-CA').getByText('7.5%')).toBeInTheDocument());

    await user.click(row('US').getByRole('button', { name: 'Delete the rate for US' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete the rate for US?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('The rate for US is deleted.'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete the rate for US' })).not.toBeInTheDocument());
  });
});
