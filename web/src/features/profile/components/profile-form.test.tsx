import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { mockApi, pngFile, renderWithProviders, sentBody } from '@/test/render';
import type { Profile } from '../types';
import { ProfileForm } from './profile-form';

vi.mock('@/lib/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

function setup(saved: Profile | null = null) {
  const view = renderWithProviders(<ProfileForm saved={saved} />);
  const submit = () => view.user.click(screen.getByRole('button', { name: 'Save Profile' }));
  return { ...view, submit };
}

const saved: Profile = {
  _id: '3',
  education: 'Automotive technician diploma',
  location: 'Ohio',
  city: 'Dayton',
  phone: '+1 555 010 2000',
  linkedin: 'https://www.linkedin.com/in/ann',
  img: '/api/image/me.png',
  updatedAt: '2026-01-02T10:00:00Z',
};

describe('ProfileForm', () => {
  it('names each missing field itself (D7)', async () => {
    const fetchMock = mockApi({});
    const { submit } = setup();
    await submit();
    expect(await screen.findByText('Education is Required')).toBeInTheDocument();
    expect(screen.getByText('Location is Required')).toBeInTheDocument();
    expect(screen.getByText('City is Required')).toBeInTheDocument();
    expect(screen.getByText('Phone is Required')).toBeInTheDocument();
    expect(screen.getByText('LinkedIn is Required')).toBeInTheDocument();
    expect(screen.getByText('Image is Required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks that the phone looks like a phone number', async () => {
    mockApi({});
    const { user, submit } = setup();
    await user.type(screen.getByLabelText('Phone'), 'call me');
    await submit();
    expect(await screen.findByText('Provide a valid phone number')).toBeInTheDocument();
  });

  it('starts from the saved profile and keeps its photo when none is picked', async () => {
    const fetchMock = mockApi({ 'POST /api/profile': { status: 201, body: { insertedId: '3' } } });
    const { user, submit } = setup(saved);
    expect(screen.getByLabelText('City')).toHaveValue('Dayton');
    await user.clear(screen.getByLabelText('City'));
    await user.type(screen.getByLabelText('City'), 'Columbus');
    await submit();
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalled());
    expect(sentBody(fetchMock, 'POST', '/api/profile')).toEqual({
      education: 'Automotive technician diploma',
      location: 'Ohio',
      city: 'Columbus',
      phone: '+1 555 010 2000',
      linkedin: 'https://www.linkedin.com/in/ann',
      img: '/api/image/me.png',
    });
  });

  it('uploads a new photo and shows the spec failure message when saving fails', async () => {
    mockApi({
      'POST /api/image': { body: { success: true, data: { url: '/api/image/new.png' } } },
      'POST /api/profile': { status: 500, body: { error: 'Something went wrong on our side. Please try again.' } },
    });
    const { user, submit } = setup();
    await user.type(screen.getByLabelText('Education'), 'B.Sc.');
    await user.type(screen.getByLabelText('Location'), 'Ohio');
    await user.type(screen.getByLabelText('City'), 'Dayton');
    await user.type(screen.getByLabelText('Phone'), '5550102000');
    await user.type(screen.getByLabelText('LinkedIn'), 'linkedin.com/in/ann');
    await user.upload(screen.getByLabelText('Image'), pngFile());
    await submit();
    await vi.waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to add the profile information'));
  });
});
