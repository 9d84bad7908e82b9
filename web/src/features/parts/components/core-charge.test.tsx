import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { CONFIG } from '@/test/cart';
import { makePart } from '@/test/parts';
import { mockApi, pngFile, renderWithProviders, sentBody } from '@/test/render';
import { AddPartForm } from './add-part-form';
import { EditPartModal } from './edit-part-modal';
import { PartCard } from './part-card';
import { PartDetails } from './part-details';

vi.mock('@/lib/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

/** A remanufactured alternator: $189.99, and a $45.00 deposit on each unit until the old one comes back. */
const alternator = makePart({ _id: '8', name: 'Alternator (remanufactured)', price: 189.99, minimumOrder: 1, availableQuantity: 4, coreCharge: 45 });

const NOTE = '+ $45.00 core charge, refunded when you return your old part';

describe("a part's core charge, as the buyer sees it", () => {
  it('is stated under the price on the part page, with the deposit on the quantity chosen', () => {
    mockApi({ 'GET /api/config': { body: CONFIG } });
    renderWithProviders(<PartDetails part={alternator} quantity={2} onQuantityChange={() => {}} onPurchase={() => {}} />);
    expect(screen.getByText(NOTE)).toBeInTheDocument();
    expect(screen.getByText('Order total').parentElement).toHaveTextContent('Order total$379.98+ $90.00 core deposit');
  });

  it('is stated on the part card', () => {
    mockApi({ 'GET /api/config': { body: CONFIG } });
    renderWithProviders(<PartCard part={alternator} />);
    expect(within(screen.getByRole('article')).getByText(NOTE)).toBeInTheDocument();
  });

  it('is not mentioned for a part without one', () => {
    mockApi({ 'GET /api/config': { body: CONFIG } });
    const belt = makePart();
    renderWithProviders(
      <>
        <PartCard part={belt} />
        <PartDetails part={belt} quantity={5} onQuantityChange={() => {}} onPurchase={() => {}} />
      </>,
    );
    expect(screen.queryByText(/core/i)).not.toBeInTheDocument();
  });
});

describe("a part's core charge, as the admin sets it", () => {
  async function fillRequired(user: ReturnType<typeof renderWithProviders>['user']) {
    await user.type(screen.getByLabelText('Name'), 'Starter Motor');
    await user.type(screen.getByLabelText('Description'), 'Remanufactured starter');
    await user.type(screen.getByLabelText('Price'), '149');
    await user.type(screen.getByLabelText('Available Quantity'), '6');
    await user.type(screen.getByLabelText('Minimum Order'), '1');
    await user.upload(screen.getByLabelText('Image'), pngFile());
  }

  const routes = {
    'POST /api/image': { body: { success: true, data: { url: '/api/image/starter.png' } } },
    'POST /api/part': { status: 201, body: { insertedId: '31' } },
  };

  it('is checked and sent as a number when a part is added', async () => {
    const fetchMock = mockApi(routes);
    const { user } = renderWithProviders(<AddPartForm />);
    await fillRequired(user);
    await user.type(screen.getByLabelText('Core charge'), '45.505');
    await user.click(screen.getByRole('button', { name: 'Add Part' }));
    expect(await screen.findByText('Core charge must be 0 or an amount up to 1,000,000 with at most two decimals, like 45.00')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Core charge'));
    await user.type(screen.getByLabelText('Core charge'), '45.50');
    await user.click(screen.getByRole('button', { name: 'Add Part' }));
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith('Part added successfully'));
    expect(sentBody(fetchMock, 'POST', '/api/part')).toMatchObject({ name: 'Starter Motor', coreCharge: 45.5 });
  });

  it('is left out when the field is empty: the part then has none', async () => {
    const fetchMock = mockApi(routes);
    const { user } = renderWithProviders(<AddPartForm />);
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Add Part' }));
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith('Part added successfully'));
    expect(sentBody(fetchMock, 'POST', '/api/part')).not.toHaveProperty('coreCharge');
  });

  it("shows the shop's refusal under the field", async () => {
    mockApi({
      ...routes,
      'POST /api/part': { status: 400, body: { error: 'Core charge must be a number', fields: { coreCharge: 'Core charge must be a number' } } },
    });
    const { user } = renderWithProviders(<AddPartForm />);
    await fillRequired(user);
    await user.type(screen.getByLabelText('Core charge'), '45');
    await user.click(screen.getByRole('button', { name: 'Add Part' }));
    const field = await screen.findByLabelText('Core charge');
    await vi.waitFor(() => expect(field).toHaveAccessibleDescription(/Core charge must be a number/));
  });

  it('is shown on the edit form, and sent alone when changed (0 takes it off)', async () => {
    const fetchMock = mockApi({ 'PUT /api/part/8': { body: { matchedCount: 1, modifiedCount: 1 } } });
    const { user } = renderWithProviders(<EditPartModal part={alternator} onClose={() => {}} />);
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Alternator (remanufactured)' }));
    expect(dialog.getByLabelText('Core charge')).toHaveValue('45');
    await user.clear(dialog.getByLabelText('Core charge'));
    await user.type(dialog.getByLabelText('Core charge'), '0');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith('Alternator (remanufactured) is updated.'));
    expect(sentBody(fetchMock, 'PUT', '/api/part/8')).toEqual({ coreCharge: 0 });
  });

  it('is not sent from the edit form when left as it was', async () => {
    const fetchMock = mockApi({ 'PUT /api/part/8': { body: { matchedCount: 1, modifiedCount: 1 } } });
    const { user } = renderWithProviders(<EditPartModal part={alternator} onClose={() => {}} />);
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Alternator (remanufactured)' }));
    await user.clear(dialog.getByLabelText('Price'));
    await user.type(dialog.getByLabelText('Price'), '179.99');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith('Alternator (remanufactured) is updated.'));
    expect(sentBody(fetchMock, 'PUT', '/api/part/8')).toEqual({ price: 179.99 });
  });
});
