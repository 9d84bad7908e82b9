import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { ANN, CONFIG } from '@/test/cart';
import { makeOrder } from '@/test/orders';
import { mockApi, pngFile, renderWithProviders, sentBody } from '@/test/render';
import { makeReturn, POLICY } from '@/test/returns';
import { RequestReturnForm } from './request-return-form';

vi.mock('@/lib/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const line = (partName: string, quantity: number, unitPrice: number, vehicle: string | null, coreCharge = 0) => ({
  partId: partName.toLowerCase(),
  partName,
  sku: '',
  unitPrice,
  quantity,
  price: unitPrice * quantity,
  weightKg: 1,
  vehicle,
  coreCharge,
});

/** Ann's delivered order #9: three brake pads for her Corolla, an oil filter for no vehicle, two wiper blades for her Civic. */
const ORDER = makeOrder({
  paid: true,
  transactionId: 'pi_9',
  status: 'shipped',
  paymentStatus: 'paid',
  fulfilmentStatus: 'delivered',
  lines: [line('Brake Pads', 3, 12.5, '2014 Toyota Corolla'), line('Oil Filter', 1, 8, null), line('Wiper Blade', 2, 9.99, '2019 Honda Civic')],
  shipping: 7.5,
  tax: 5,
  total: 70.48,
});

/**
 * Ann's delivered order #9 with a remanufactured alternator ($45.00 deposit) beside the oil filter
 * and two batteries ($18.00 deposit each).
 */
const CORE_ORDER = makeOrder({
  paid: true,
  transactionId: 'pi_9',
  status: 'shipped',
  paymentStatus: 'paid',
  fulfilmentStatus: 'delivered',
  lines: [line('Oil Filter', 1, 8, null), line('Alternator', 1, 120, '2014 Toyota Corolla', 45), line('Battery', 2, 90, null, 18)],
  coreCharges: 81,
});

/** The shop's policy: 30 days for a return, 90 for a core. */
const CORE_POLICY = { ...POLICY, coreReturnDays: 90 };

type Routes = Parameters<typeof mockApi>[0];

function setup(routes: Routes = {}, order = ORDER) {
  const fetchMock = mockApi({
    'GET /api/config': { body: CONFIG },
    'GET /api/booking/9': { body: order },
    'GET /api/return-policy': { body: CORE_POLICY },
    'POST /api/booking/9/returns': (body) => ({ status: 201, body: makeReturn({ lines: [], ...(body as object) }) }),
    ...routes,
  });
  const view = renderWithProviders(
    <Routes>
      <Route path="/dashboard/returns/new/:orderId" element={<RequestReturnForm orderId="9" />} />
      <Route path="/dashboard/returns/:id" element={<p>Return page</p>} />
    </Routes>,
    { url: '/dashboard/returns/new/9', signedInAs: ANN },
  );
  return { ...view, fetchMock };
}

beforeEach(() => {
  vi.mocked(notify.success).mockReset();
  vi.mocked(notify.error).mockReset();
});

describe('Return items', () => {
  it("lists the order's lines with a quantity each, and states the shop's policy", async () => {
    setup();
    expect(await screen.findByText(/^Returns accepted within 30 days of delivery or collection; restocking fee 15% unless the part was faulty, damaged or wrong\.$/)).toBeInTheDocument();
    const pads = screen.getByLabelText(/Brake Pads/);
    expect(pads).toHaveValue(0);
    expect(pads).toHaveAttribute('max', '3');
    expect(screen.getByLabelText(/Brake Pads/)).toHaveAccessibleName('Brake Pads How many to send back (you ordered 3 at $12.50 each)');
    expect(screen.getByLabelText(/Oil Filter/)).toHaveAttribute('max', '1');
    const reasons = within(screen.getByRole('group', { name: 'Why are you sending it back?' }));
    expect(reasons.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      "Doesn't fit my vehicle",
      'Faulty',
      'Damaged in transit',
      'Wrong part sent',
      'No longer needed',
      'Ordered by mistake',
    ]);
    // No part of this order carries a deposit: no core return, and no word of one.
    expect(screen.queryByText(/old part/)).not.toBeInTheDocument();
  });

  it('shows the vehicle each line was ordered for once "Doesn\'t fit" is chosen', async () => {
    const { user } = setup();
    await screen.findByLabelText(/Brake Pads/);
    expect(screen.queryByText(/Ordered for:/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: "Doesn't fit my vehicle" }));
    expect(screen.getByText('Ordered for: 2014 Toyota Corolla')).toBeInTheDocument();
    expect(screen.getByText('Ordered for: 2019 Honda Civic')).toBeInTheDocument();
    // The oil filter was ordered for no vehicle: nothing beside it.
    expect(screen.getAllByText(/Ordered for:/)).toHaveLength(2);
    expect(screen.getByLabelText(/Brake Pads/)).toHaveAccessibleDescription('Ordered for: 2014 Toyota Corolla');
    expect(screen.getByText(/A restocking fee of 15% of the parts' price comes off the refund/)).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Faulty' }));
    expect(screen.queryByText(/Ordered for:/)).not.toBeInTheDocument();
    expect(screen.getByText(/no restocking fee, and the delivery is refunded too/)).toBeInTheDocument();
  });

  it('sends the chosen lines by their place on the order, the reason and the note, then opens the return', async () => {
    const { user, fetchMock } = setup({
      'POST /api/booking/9/returns': { status: 201, body: makeReturn({ _id: '12', number: 'RMA-12' }) },
    });
    await user.type(await screen.findByLabelText(/Wiper Blade/), '{Backspace}2');
    await user.clear(screen.getByLabelText(/Brake Pads/));
    await user.type(screen.getByLabelText(/Brake Pads/), '1');
    await user.click(screen.getByRole('radio', { name: "Doesn't fit my vehicle" }));
    await user.type(screen.getByLabelText('Note (optional)'), '  Front pads are for the 2016 model.  ');
    await user.click(screen.getByRole('button', { name: 'Request return' }));

    expect(await screen.findByText('Return page')).toBeInTheDocument();
    expect(sentBody(fetchMock, 'POST', '/api/booking/9/returns')).toEqual({
      reason: 'doesNotFit',
      lines: [
        { position: 1, quantity: 1 },
        { position: 3, quantity: 2 },
      ],
      note: 'Front pads are for the 2016 model.',
    });
    expect(notify.success).toHaveBeenCalledWith('Return RMA-12 is requested. We will e-mail you once we have looked at it.');
  });

  it('uploads a photo first and sends its address', async () => {
    const { user, fetchMock } = setup({
      'POST /api/image': { body: { success: true, data: { url: '/api/images/pads.png' } } },
    });
    await user.clear(await screen.findByLabelText(/Oil Filter/));
    await user.type(screen.getByLabelText(/Oil Filter/), '1');
    await user.click(screen.getByRole('radio', { name: 'Damaged in transit' }));
    await user.upload(screen.getByLabelText('Photo (optional)'), pngFile('dent.png'));
    await user.click(screen.getByRole('button', { name: 'Request return' }));

    expect(await screen.findByText('Return page')).toBeInTheDocument();
    expect(sentBody(fetchMock, 'POST', '/api/booking/9/returns')).toEqual({
      reason: 'damagedInTransit',
      lines: [{ position: 2, quantity: 1 }],
      image: '/api/images/pads.png',
    });
  });

  it('asks for a line and a reason before sending anything, and keeps each quantity within what was ordered', async () => {
    const { user, fetchMock } = setup();
    await user.click(await screen.findByRole('button', { name: 'Request return' }));
    expect(await screen.findByText('Choose how many of at least one part to send back')).toBeInTheDocument();
    expect(screen.getByText('Choose why you are sending it back')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/Brake Pads/));
    await user.type(screen.getByLabelText(/Brake Pads/), '4');
    await user.click(screen.getByRole('button', { name: 'Request return' }));
    expect(await screen.findByText('Enter a whole number from 0 to 3')).toBeInTheDocument();
    expect(screen.getByLabelText(/Brake Pads/)).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it("shows the shop's refusal, and stays on the form", async () => {
    const { user } = setup({
      'POST /api/booking/9/returns': { status: 409, body: { error: 'The return window for this order closed on 2026-12-27' } },
    });
    await user.clear(await screen.findByLabelText(/Brake Pads/));
    await user.type(screen.getByLabelText(/Brake Pads/), '1');
    await user.click(screen.getByRole('radio', { name: 'No longer needed' }));
    await user.click(screen.getByRole('button', { name: 'Request return' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The return window for this order closed on 2026-12-27');
    expect(screen.queryByText('Return page')).not.toBeInTheDocument();
    expect(notify.success).not.toHaveBeenCalled();
  });

  it.each(['lines.1.quantity', 'lines[1].quantity'])("puts the shop's message about a line beside that line (%s)", async (field) => {
    const { user } = setup({
      'POST /api/booking/9/returns': {
        status: 400,
        body: { error: 'Line 3: at most 1 more can be returned', fields: { [field]: 'Line 3: at most 1 more can be returned' } },
      },
    });
    await user.clear(await screen.findByLabelText(/Brake Pads/));
    await user.type(screen.getByLabelText(/Brake Pads/), '1');
    await user.clear(screen.getByLabelText(/Wiper Blade/));
    await user.type(screen.getByLabelText(/Wiper Blade/), '2');
    await user.click(screen.getByRole('radio', { name: 'Faulty' }));
    await user.click(screen.getByRole('button', { name: 'Request return' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Line 3: at most 1 more can be returned');
    // The second line sent is the order's third: the wiper blades.
    expect(screen.getByLabelText(/Wiper Blade/)).toHaveAccessibleDescription('Line 3: at most 1 more can be returned');
    expect(screen.getByLabelText(/Brake Pads/)).not.toHaveAttribute('aria-invalid');
  });

  describe('an order with parts that carry a core deposit', () => {
    it('offers the core reason last, and states its window and each deposit', async () => {
      setup({}, CORE_ORDER);
      expect(await screen.findByText('Return the old part within 90 days of delivery or collection for its deposit.')).toBeInTheDocument();
      const reasons = within(screen.getByRole('group', { name: 'Why are you sending it back?' }));
      expect(reasons.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
        "Doesn't fit my vehicle",
        'Faulty',
        'Damaged in transit',
        'Wrong part sent',
        'No longer needed',
        'Ordered by mistake',
        'Old part (core) for its deposit',
      ]);
      // Sent back new, a part's deposit comes back with it.
      expect(screen.getByLabelText(/Alternator/)).toHaveAccessibleDescription('$45.00 deposit per unit, refunded with the part');
      expect(screen.getByLabelText(/Oil Filter/)).not.toHaveAccessibleDescription();
    });

    it('names only the parts with a deposit once the core reason is chosen, and sends only them', async () => {
      const { user, fetchMock } = setup({}, CORE_ORDER);
      await user.clear(await screen.findByLabelText(/Oil Filter/));
      await user.type(screen.getByLabelText(/Oil Filter/), '1');
      await user.click(screen.getByRole('radio', { name: 'Old part (core) for its deposit' }));

      expect(screen.getByRole('group', { name: 'Which old parts are you sending back?' })).toBeInTheDocument();
      expect(screen.queryByLabelText(/Oil Filter/)).not.toBeInTheDocument();
      const alternator = screen.getByLabelText(/Alternator/);
      expect(alternator).toHaveAccessibleName('Alternator How many old parts to send back (you ordered 1)');
      expect(alternator).toHaveAccessibleDescription('$45.00 deposit per unit');
      expect(screen.getByLabelText(/Battery/)).toHaveAccessibleDescription('$18.00 deposit per unit');
      expect(screen.getByText(/^Return the old part within 90 days of delivery or collection for its deposit\. No restocking fee/)).toBeInTheDocument();

      await user.clear(alternator);
      await user.type(alternator, '1');
      await user.click(screen.getByRole('button', { name: 'Request return' }));
      expect(await screen.findByText('Return page')).toBeInTheDocument();
      expect(sentBody(fetchMock, 'POST', '/api/booking/9/returns')).toEqual({ reason: 'core', lines: [{ position: 2, quantity: 1 }] });
    });

    it('says the deposit to come back when the parts share one', async () => {
      const { user } = setup({}, { ...CORE_ORDER, lines: [line('Alternator', 1, 120, null, 45), line('Oil Filter', 1, 8, null)] });
      expect(await screen.findByText('Return the old part within 90 days of delivery or collection for its $45.00 deposit.')).toBeInTheDocument();
      await user.click(screen.getByRole('radio', { name: 'Old part (core) for its deposit' }));
      expect(screen.getByText(/^Return the old part within 90 days of delivery or collection for its \$45\.00 deposit\. No restocking fee/)).toBeInTheDocument();
    });

    it("shows the shop's refusal once the core window has closed", async () => {
      const { user } = setup(
        { 'POST /api/booking/9/returns': { status: 409, body: { error: 'The core return window for this order closed on 2026-04-02' } } },
        CORE_ORDER,
      );
      await user.click(await screen.findByRole('radio', { name: 'Old part (core) for its deposit' }));
      await user.clear(screen.getByLabelText(/Battery/));
      await user.type(screen.getByLabelText(/Battery/), '2');
      await user.click(screen.getByRole('button', { name: 'Request return' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('The core return window for this order closed on 2026-04-02');
      expect(screen.queryByText('Return page')).not.toBeInTheDocument();
    });

    it("puts the shop's message about a line without a deposit beside it", async () => {
      const { user } = setup(
        {
          'POST /api/booking/9/returns': {
            status: 400,
            body: { error: 'Line 3 carries no core charge', fields: { 'lines.0.position': 'Line 3 carries no core charge' } },
          },
        },
        CORE_ORDER,
      );
      await user.click(await screen.findByRole('radio', { name: 'Old part (core) for its deposit' }));
      await user.clear(screen.getByLabelText(/Battery/));
      await user.type(screen.getByLabelText(/Battery/), '1');
      await user.click(screen.getByRole('button', { name: 'Request return' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Line 3 carries no core charge');
      expect(screen.getByLabelText(/Battery/)).toHaveAccessibleDescription('$18.00 deposit per unit Line 3 carries no core charge');
    });
  });

  it('starts a one-line order with all of it chosen', async () => {
    setup({}, makeOrder({ paymentStatus: 'paid', fulfilmentStatus: 'delivered', status: 'shipped', lines: [line('Brake Pads', 3, 12.5, null)] }));
    expect(await screen.findByLabelText(/Brake Pads/)).toHaveValue(3);
  });

  it('says an order that is not delivered or collected cannot be returned', async () => {
    setup({}, makeOrder({ paymentStatus: 'paid', status: 'shipped', fulfilmentStatus: 'shipped' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only a delivered or collected order can be returned.');
    expect(screen.getByRole('link', { name: 'Back to My Orders' })).toHaveAttribute('href', '/dashboard/order');
    expect(screen.queryByRole('button', { name: 'Request return' })).not.toBeInTheDocument();
  });

  it("shows an order that is not the buyer's as not found", async () => {
    setup({ 'GET /api/booking/9': { status: 404, body: { error: 'Order not found' } } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Order not found');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});
