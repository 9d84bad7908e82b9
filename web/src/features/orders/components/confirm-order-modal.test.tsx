import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { mockApi, renderWithProviders, sentBody } from '@/test/render';
import { ConfirmOrderModal } from './confirm-order-modal';

vi.mock('@/lib/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const draft = { partId: '7', partName: 'Brake Pads', quantity: 4, unitPrice: 12.5 };
const buyer = { name: 'Ann Lee', email: 'ann@example.com' };

function setup() {
  const onClose = vi.fn();
  const view = renderWithProviders(<ConfirmOrderModal open draft={draft} buyer={buyer} onClose={onClose} />);
  const submit = () => view.user.click(screen.getByRole('button', { name: 'Submit' }));
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
  });
});
