import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import VerifyEmailBanner from './verify-email-banner';

const ann = { email: 'ann@example.com', name: 'Ann Lee', role: 'user' as const, emailVerified: false };

function setup() {
  const onDismiss = vi.fn();
  const view = renderWithProviders(<VerifyEmailBanner email={ann.email} onDismiss={onDismiss} />, { signedInAs: ann });
  const resend = () => view.user.click(screen.getByRole('button', { name: 'Resend the link' }));
  return { ...view, onDismiss, resend };
}

describe('VerifyEmailBanner', () => {
  it('names the address and sends a new link, showing the answer in its place', async () => {
    const fetchMock = mockApi({ 'POST /api/auth/verify-email/resend': { body: { message: 'A new link is on its way to ann@example.com.' } } });
    const { resend } = setup();
    expect(screen.getByRole('complementary', { name: 'E-mail verification' })).toHaveTextContent('ann@example.com');
    await resend();
    expect(await screen.findByRole('status')).toHaveTextContent('A new link is on its way to ann@example.com.');
    expect(screen.queryByRole('button', { name: 'Resend the link' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/api/auth/verify-email/resend'))).toHaveLength(1);
  });

  it('says so when the address was verified already (409)', async () => {
    mockApi({ 'POST /api/auth/verify-email/resend': { status: 409, body: { error: 'Your e-mail address is already verified.' } } });
    const { resend } = setup();
    await resend();
    expect(await screen.findByRole('status')).toHaveTextContent('Your e-mail address is already verified.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a refusal and lets the user try again later', async () => {
    mockApi({ 'POST /api/auth/verify-email/resend': { status: 429, body: { error: 'Too many requests. Please wait a minute and try again.' } } });
    const { resend } = setup();
    await resend();
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests.');
    expect(screen.getByRole('button', { name: 'Resend the link' })).toBeEnabled();
  });

  it('hides when asked', async () => {
    mockApi({});
    const { user, onDismiss } = setup();
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    expect(onDismiss).toHaveBeenCalled();
  });
});
