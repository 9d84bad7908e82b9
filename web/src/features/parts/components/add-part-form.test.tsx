import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { mockApi, pngFile, renderWithProviders, sentBody } from '@/test/render';
import { AddPartForm } from './add-part-form';

vi.mock('@/lib/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

function setup() {
  const view = renderWithProviders(<AddPartForm />);
  const submit = () => view.user.click(screen.getByRole('button', { name: 'Add Part' }));
  return { ...view, submit };
}

describe('AddPartForm', () => {
  it('shows the spec messages for every empty field', async () => {
    const fetchMock = mockApi({});
    const { submit } = setup();
    await submit();
    expect(await screen.findByText('Name is Required')).toBeInTheDocument();
    expect(screen.getByText('Description is Required')).toBeInTheDocument();
    expect(screen.getByText('Price is Required')).toBeInTheDocument();
    // Available Quantity and Minimum Order share the spec's message.
    expect(screen.getAllByText('Quantity is Required')).toHaveLength(2);
    expect(screen.getByText('Image is Required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('has a visible label on every input', () => {
    mockApi({});
    setup();
    for (const label of ['Name', 'Description', 'Price', 'Available Quantity', 'Minimum Order', 'Image']) {
      expect(screen.getByLabelText(label)).toBeVisible();
    }
  });

  it('refuses a price or quantity that is not a number (D11)', async () => {
    mockApi({});
    const { user, submit } = setup();
    await user.type(screen.getByLabelText('Price'), 'cheap');
    await user.type(screen.getByLabelText('Available Quantity'), '-3');
    await user.type(screen.getByLabelText('Minimum Order'), '0');
    await submit();
    expect(await screen.findByText('Price must be an amount above 0 with at most two decimals, like 12.50')).toBeInTheDocument();
    expect(screen.getByText('Available Quantity must be a whole number, 0 or more')).toBeInTheDocument();
    expect(screen.getByText('Minimum Order must be a whole number, 1 or more')).toBeInTheDocument();
  });

  it('uploads the picture and adds the part with numbers', async () => {
    const fetchMock = mockApi({
      'POST /api/image': { body: { success: true, data: { url: '/api/image/part.png' } } },
      'POST /api/part': { status: 201, body: { insertedId: '21' } },
    });
    const { user, submit } = setup();
    await user.type(screen.getByLabelText('Name'), 'Brake Pads');
    await user.type(screen.getByLabelText('Description'), 'Ceramic pads');
    await user.type(screen.getByLabelText('Price'), '42.50');
    await user.type(screen.getByLabelText('Available Quantity'), '100');
    await user.type(screen.getByLabelText('Minimum Order'), '2');
    await user.upload(screen.getByLabelText('Image'), pngFile());
    await submit();
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith('Part added successfully'));
    expect(sentBody(fetchMock, 'POST', '/api/part')).toEqual({
      name: 'Brake Pads',
      description: 'Ceramic pads',
      price: 42.5,
      availableQuantity: 100,
      minimumOrder: 2,
      img: '/api/image/part.png',
    });
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });
});
