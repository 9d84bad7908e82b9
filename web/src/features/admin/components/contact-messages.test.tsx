import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { ContactMessages } from './contact-messages';

const admin = { email: 'admin@example.com', name: 'Admin', role: 'admin' as const, emailVerified: true };

describe('Messages', () => {
  it('lists each message with its sender, a way to answer, and its words', async () => {
    mockApi({
      'GET /api/admin/contact-messages': {
        body: [{ _id: '4', email: 'ann@example.com', subject: 'Pads for a Corolla', message: 'Two sets,\nplease.', createdAt: '2026-11-27T10:00:00Z' }],
        headers: { 'X-Total-Count': '1' },
      },
    });
    renderWithProviders(<ContactMessages />, { signedInAs: admin });
    const message = within(await screen.findByRole('listitem', { name: 'Pads for a Corolla' }));
    expect(message.getByRole('link', { name: 'ann@example.com' })).toHaveAttribute('href', 'mailto:ann@example.com?subject=Re%3A%20Pads%20for%20a%20Corolla');
    expect(message.getByText(/Two sets/)).toHaveClass('whitespace-pre-wrap');
    expect(screen.getByText('1 message, newest first.')).toBeInTheDocument();
  });

  it('says when there are none', async () => {
    mockApi({ 'GET /api/admin/contact-messages': { body: [], headers: { 'X-Total-Count': '0' } } });
    renderWithProviders(<ContactMessages />, { signedInAs: admin });
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
  });
});
