import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
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

/** Adds a vehicle row and waits until its first field has taken the focus (the form moves it
 * there once the row is drawn), so that typing that follows is not split between two fields. */
async function addVehicle(user: UserEvent, row: number) {
  await user.click(screen.getByRole('button', { name: 'Add vehicle' }));
  await waitFor(() => expect(within(screen.getByRole('group', { name: `Vehicle ${row}` })).getByLabelText('Make')).toHaveFocus());
}

describe('AddPartForm', () => {
  it('shows the spec messages for every empty field', async () => {
    const fetchMock = mockApi({});
    const { submit } = setup();
    await submit();
    expect(await screen.findByText('Name is Required')).toBeInTheDocument();
    expect(screen.getByText('Description is Required')).toBeInTheDocument();
    expect(screen.getByText('Price is Required')).toBeInTheDocument();
    // Available Quantity and Minimum Order share one message.
    expect(screen.getAllByText('Quantity is Required')).toHaveLength(2);
    expect(screen.getByText('Image is Required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('has a visible label on every input', () => {
    mockApi({});
    setup();
    for (const label of ['Name', 'Description', 'Price', 'Available Quantity', 'Minimum Order', 'Image', 'SKU', 'Category', 'Reorder Level', 'OEM numbers']) {
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
      // The catalogue fields' defaults; no SKU, so the shop makes one up.
      oemNumbers: [],
      category: 'Other',
      reorderLevel: 5,
      fitments: [],
    });
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });
});

describe('AddPartForm catalogue fields', () => {
  async function fillRequired(user: ReturnType<typeof setup>['user']) {
    await user.type(screen.getByLabelText('Name'), 'Brake Pads');
    await user.type(screen.getByLabelText('Description'), 'Ceramic pads');
    await user.type(screen.getByLabelText('Price'), '42.50');
    await user.type(screen.getByLabelText('Available Quantity'), '100');
    await user.type(screen.getByLabelText('Minimum Order'), '2');
    await user.upload(screen.getByLabelText('Image'), pngFile());
  }

  it('refuses a bad SKU, reorder level, too many OEM numbers and incomplete vehicles', async () => {
    const fetchMock = mockApi({});
    const { user, submit } = setup();
    await user.type(screen.getByLabelText('SKU'), 'BRK_1042!');
    await user.clear(screen.getByLabelText('Reorder Level'));
    await user.type(screen.getByLabelText('Reorder Level'), '-1');
    await user.type(screen.getByLabelText('OEM numbers'), Array.from({ length: 21 }, (_, i) => `OEM-${i}`).join(', '));
    await addVehicle(user, 1);
    await addVehicle(user, 2);
    const second = screen.getByRole('group', { name: 'Vehicle 2' });
    await user.type(within(second).getByLabelText('Make'), 'Toyota');
    await user.type(within(second).getByLabelText('Model'), 'Corolla');
    await user.type(within(second).getByLabelText('Year from'), '2019');
    await user.type(within(second).getByLabelText('Year to'), '2009');
    await submit();
    expect(await screen.findByText('SKU must be up to 40 letters, digits, spaces, dashes, dots or slashes')).toBeInTheDocument();
    expect(screen.getByText('Reorder Level must be a whole number, 0 or more')).toBeInTheDocument();
    expect(screen.getByText('At most 20 OEM numbers')).toBeInTheDocument();
    const first = screen.getByRole('group', { name: 'Vehicle 1' });
    expect(within(first).getByText('Make is Required')).toBeInTheDocument();
    expect(within(first).getByText('Model is Required')).toBeInTheDocument();
    expect(within(first).getAllByText('Year is Required')).toHaveLength(2);
    expect(within(second).getByText('Year to must not be before Year from')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses an OEM number too long or without a letter or digit', async () => {
    mockApi({});
    const { user, submit } = setup();
    await user.type(screen.getByLabelText('OEM numbers'), `04465-33450, ${'9'.repeat(41)}`);
    await submit();
    expect(await screen.findByText('Each OEM number must be at most 40 characters')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('OEM numbers'));
    await user.type(screen.getByLabelText('OEM numbers'), '04465-33450, --');
    await submit();
    expect(await screen.findByText('Each OEM number must have letters or digits')).toBeInTheDocument();
  });

  it('refuses a model year before 1950 or after next year', async () => {
    mockApi({});
    const { user, submit } = setup();
    await addVehicle(user, 1);
    await user.type(screen.getByLabelText('Year from'), '1949');
    await user.type(screen.getByLabelText('Year to'), String(new Date().getFullYear() + 2));
    await submit();
    // Both years' messages, which may show one render apart.
    const message = `Year must be from 1950 to ${new Date().getFullYear() + 1}`;
    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
  });

  it('sends the SKU, the OEM numbers one by one, the category, reorder level and vehicles, and removes a row', async () => {
    const fetchMock = mockApi({
      'POST /api/image': { body: { success: true, data: { url: '/api/image/part.png' } } },
      'POST /api/part': { status: 201, body: { insertedId: '21' } },
    });
    const { user, submit } = setup();
    await fillRequired(user);
    await user.type(screen.getByLabelText('SKU'), ' BRK-1042 ');
    await user.selectOptions(screen.getByLabelText('Category'), 'Brakes');
    await user.clear(screen.getByLabelText('Reorder Level'));
    await user.type(screen.getByLabelText('Reorder Level'), '10');
    await user.type(screen.getByLabelText('OEM numbers'), '04465-33450,  04465 YZZ52 ,');
    await addVehicle(user, 1);
    await addVehicle(user, 2);
    const first = screen.getByRole('group', { name: 'Vehicle 1' });
    await user.type(within(first).getByLabelText('Make'), 'Toyota');
    await user.type(within(first).getByLabelText('Model'), 'Corolla');
    await user.type(within(first).getByLabelText('Year from'), '2009');
    await user.type(within(first).getByLabelText('Year to'), '2019');
    await user.click(screen.getByRole('button', { name: 'Remove vehicle 2' }));
    expect(screen.queryByRole('group', { name: 'Vehicle 2' })).not.toBeInTheDocument();
    await submit();
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith('Part added successfully'));
    expect(sentBody(fetchMock, 'POST', '/api/part')).toMatchObject({
      sku: 'BRK-1042',
      oemNumbers: ['04465-33450', '04465 YZZ52'],
      category: 'Brakes',
      reorderLevel: 10,
      fitments: [{ make: 'Toyota', model: 'Corolla', yearFrom: 2009, yearTo: 2019 }],
    });
    expect(screen.queryByRole('group', { name: 'Vehicle 1' })).not.toBeInTheDocument();
  });

  it('shows a part number already taken under the SKU', async () => {
    mockApi({
      'POST /api/image': { body: { success: true, data: { url: '/api/image/part.png' } } },
      'POST /api/part': { status: 409, body: { error: 'Another part already has the part number BRK-1042' } },
    });
    const { user, submit } = setup();
    await fillRequired(user);
    await user.type(screen.getByLabelText('SKU'), 'BRK-1042');
    await submit();
    await vi.waitFor(() => expect(notify.error).toHaveBeenCalledWith('failed to add Part'));
    expect(screen.getByLabelText('SKU')).toHaveAccessibleDescription('Another part already has the part number BRK-1042');
  });

  it("sends each vehicle's engine, trim, axle, side and note, and the replaced numbers", async () => {
    const fetchMock = mockApi({
      'POST /api/image': { body: { success: true, data: { url: '/api/image/part.png' } } },
      'POST /api/part': { status: 201, body: { insertedId: '21' } },
    });
    const { user, submit } = setup();
    await fillRequired(user);
    await user.type(screen.getByLabelText('Replaces'), '04465-02220, BRK-1040');
    await addVehicle(user, 1);
    const first = screen.getByRole('group', { name: 'Vehicle 1' });
    await user.type(within(first).getByLabelText('Make'), 'Toyota');
    await user.type(within(first).getByLabelText('Model'), 'Corolla');
    await user.type(within(first).getByLabelText('Year from'), '2014');
    await user.type(within(first).getByLabelText('Year to'), '2019');
    await user.type(within(first).getByLabelText('Engine'), ' 1.8L  L4 ');
    await user.type(within(first).getByLabelText('Trim'), 'LE');
    await user.selectOptions(within(first).getByLabelText('Axle'), 'Front');
    await user.selectOptions(within(first).getByLabelText('Side'), 'Left');
    await user.type(within(first).getByLabelText('Note'), 'Not for the hybrid');
    await addVehicle(user, 2);
    const second = screen.getByRole('group', { name: 'Vehicle 2' });
    await user.type(within(second).getByLabelText('Make'), 'Toyota');
    await user.type(within(second).getByLabelText('Model'), 'Camry');
    await user.type(within(second).getByLabelText('Year from'), '2012');
    await user.type(within(second).getByLabelText('Year to'), '2017');
    await submit();
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith('Part added successfully'));
    expect(sentBody(fetchMock, 'POST', '/api/part')).toMatchObject({
      replaces: ['04465-02220', 'BRK-1040'],
      fitments: [
        { make: 'Toyota', model: 'Corolla', yearFrom: 2014, yearTo: 2019, engine: '1.8L L4', trim: 'LE', axle: 'front', side: 'left', note: 'Not for the hybrid' },
        // A row's empty qualifiers are left out: it fits every engine, trim and position.
        { make: 'Toyota', model: 'Camry', yearFrom: 2012, yearTo: 2017 },
      ],
    });
    expect((sentBody(fetchMock, 'POST', '/api/part') as { fitments: object[] }).fitments[1]).toEqual({ make: 'Toyota', model: 'Camry', yearFrom: 2012, yearTo: 2017 });
  });

  it('refuses a qualifier or a replaced number too long', async () => {
    const fetchMock = mockApi({});
    const { user, submit } = setup();
    await user.type(screen.getByLabelText('Replaces'), `04465-02220, ${'9'.repeat(41)}`);
    await addVehicle(user, 1);
    const first = screen.getByRole('group', { name: 'Vehicle 1' });
    await user.type(within(first).getByLabelText('Engine'), '1'.repeat(41));
    await user.click(within(first).getByLabelText('Note'));
    await user.paste('n'.repeat(201));
    await submit();
    expect(await screen.findByText('Each replaced number must be at most 40 characters')).toBeInTheDocument();
    expect(within(first).getByText('Engine must be at most 40 characters')).toBeInTheDocument();
    expect(within(first).getByText('Note must be at most 200 characters')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
