import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { makePart } from '@/test/parts';
import { mockApi, pngFile, renderWithProviders, sentBody } from '@/test/render';
import { AddPartForm } from './add-part-form';
import { EditPartModal } from './edit-part-modal';

vi.mock('@/lib/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

describe("a part's weight", () => {
  async function fillRequired(user: ReturnType<typeof renderWithProviders>['user']) {
    await user.type(screen.getByLabelText('Name'), 'Brake Disc');
    await user.type(screen.getByLabelText('Description'), 'Vented disc');
    await user.type(screen.getByLabelText('Price'), '35');
    await user.type(screen.getByLabelText('Available Quantity'), '10');
    await user.type(screen.getByLabelText('Minimum Order'), '1');
    await user.upload(screen.getByLabelText('Image'), pngFile());
  }

  it('is checked and sent in kilograms when a part is added', async () => {
    const fetchMock = mockApi({
      'POST /api/image': { body: { success: true, data: { url: '/api/image/disc.png' } } },
      'POST /api/part': { status: 201, body: { insertedId: '30' } },
    });
    const { user } = renderWithProviders(<AddPartForm />);
    await fillRequired(user);
    await user.type(screen.getByLabelText('Weight (kg)'), '6.5005');
    await user.click(screen.getByRole('button', { name: 'Add Part' }));
    expect(await screen.findByText('Weight must be in kilograms, from 0 to 1000')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Weight (kg)'));
    await user.type(screen.getByLabelText('Weight (kg)'), '6.5');
    await user.click(screen.getByRole('button', { name: 'Add Part' }));
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith('Part added successfully'));
    expect(sentBody(fetchMock, 'POST', '/api/part')).toMatchObject({ name: 'Brake Disc', weightKg: 6.5 });
  });

  it('is changed alone on the edit form, and not sent when left as it was', async () => {
    const disc = makePart({ _id: '8', name: 'Brake Disc', weightKg: 6.5 });
    const fetchMock = mockApi({ 'PUT /api/part/8': { body: { matchedCount: 1, modifiedCount: 1 } } });
    const { user } = renderWithProviders(<EditPartModal part={disc} onClose={() => {}} />);
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Brake Disc' }));
    expect(dialog.getByLabelText('Weight (kg)')).toHaveValue('6.5');
    await user.clear(dialog.getByLabelText('Weight (kg)'));
    await user.type(dialog.getByLabelText('Weight (kg)'), '7.25');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith('Brake Disc is updated.'));
    expect(sentBody(fetchMock, 'PUT', '/api/part/8')).toEqual({ weightKg: 7.25 });
  });
});
