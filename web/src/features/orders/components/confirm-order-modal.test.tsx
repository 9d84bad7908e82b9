import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { mockApi, renderWithProviders, sentBody } from '@/test/render';
import { ConfirmOrderModal } from './confirm-order-modal';

vi.mock('@/lib/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const draft = { partId: '7', partName: 'Brake Pads', quantity: 4, unitPrice: 12.5 };
const buyer = { name: 'Ann Lee', email: 'ann@example.com' };

/** Where the app is, so a test sees where the modal led. */
function CurrentUrl() {
  return <output data-testid="url">{useLocation().pathname}</output>;
}

function setup() {
  const onClose = vi.fn();
  const view = renderWithProviders(
    <>
      <ConfirmOrderModal open draft={draft} buyer={buyer} onClose={onClose} />
      <CurrentUrl />
    </>,
    { url: '/purchase/7' },
  );
  const submit = () => view.user.click(screen.getByRole('button', { name: 'Place order' }));
  return { ...view, onClose, submit };
}

describe('ConfirmOrderModal', () => {
  it('is a dialog titled Confirm Order with the order and the buyer, name and e-mail read-only', () => {
    mockApi({});
    setup();
    expect(screen.getByRole('dialog', { name: 'Confirm Order' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Ann Lee');
    expect(screen.getByLabelText('Name')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toHaveValue('ann@example.com');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByText('$50.00')).toBeInTheDocument();
  });

  it('places the order and goes straight on to its payment page', async () => {
    mockApi({ 'POST /api/booking': { status: 201, body: { success: true, insertedId: '42', booking: { _id: '42' } } } });
    const { submit, onClose } = setup();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    await submit();
    await vi.waitFor(() => expect(screen.getByTestId('url')).toHaveTextContent('/dashboard/payment/42'));
    expect(notify.success).toHaveBeenCalledWith('Brake Pads, order placed');
    expect(onClose).toHaveBeenCalled();
  });

  it('does not require a phone: an empty one still places the order', async () => {
    const fetchMock = mockApi({ 'POST /api/booking': { status: 201, body: { success: true, insertedId: '1', booking: {} } } });
    const { submit, onClose } = setup();
    await submit();
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith('Brake Pads, order placed'));
    expect(sentBody(fetchMock, 'POST', '/api/booking')).toEqual({ partId: '7', partOrder: 4 });
    expect(onClose).toHaveBeenCalled();
  });

  it('sends a phone when one is given, and refuses one that is not a number', async () => {
    const fetchMock = mockApi({ 'POST /api/booking': { status: 201, body: { success: true, insertedId: '1', booking: {} } } });
    const { user, submit } = setup();
    await user.type(screen.getByLabelText('Phone'), 'soon');
    await submit();
    expect(await screen.findByText('Provide a valid phone number')).toBeInTheDocument();
    expect(() => sentBody(fetchMock, 'POST', '/api/booking')).toThrow();
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '+1 555 010 2000');
    await submit();
    await vi.waitFor(() =>
      expect(sentBody(fetchMock, 'POST', '/api/booking')).toEqual({ partId: '7', partOrder: 4, phone: '+1 555 010 2000' }),
    );
  });

  it("shows the server's error message when the order fails (D5)", async () => {
    mockApi({ 'POST /api/booking': { status: 409, body: { error: 'Not enough stock' } } });
    const { submit, onClose } = setup();
    await submit();
    await vi.waitFor(() => expect(notify.error).toHaveBeenCalledWith('Not enough stock'));
    expect(notify.success).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
    // A refused order leads nowhere: the buyer stays on the part.
    expect(screen.getByTestId('url')).toHaveTextContent('/purchase/7');
  });
});
