import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders, sentBody } from '@/test/render';
import { ContactForm } from './contact-form';

async function fill(user: ReturnType<typeof renderWithProviders>['user'], email: string, subject: string, message: string) {
  // The fields' code comes after the section (when-near.tsx).
  await screen.findByLabelText('Email');
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (subject) await user.type(screen.getByLabelText('Subject'), subject);
  if (message) await user.type(screen.getByLabelText('Message'), message);
}

describe('the contact form (D36)', () => {
  it('sends the message, says so, and empties itself', async () => {
    const fetchMock = mockApi({ 'POST /api/contact': { status: 201, body: { insertedId: '4' } } });
    const { user } = renderWithProviders(<ContactForm phone="+1 614 555 0148" />);
    expect(screen.getByRole('link', { name: '+1 614 555 0148' })).toHaveAttribute('href', 'tel:+16145550148');
    await fill(user, ' ann@example.com', 'Pads for a Corolla', 'Two sets, please.');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Thank you: your message was sent. We answer within one working day at ann@example.com.',
    );
    expect(sentBody(fetchMock, 'POST', '/api/contact')).toEqual({ email: 'ann@example.com', subject: 'Pads for a Corolla', message: 'Two sets, please.' });
    expect(screen.getByLabelText('Subject')).toHaveValue('');
  });

  it('names each missing or wrong field and sends nothing', async () => {
    const fetchMock = mockApi({});
    const { user } = renderWithProviders(<ContactForm />);
    await fill(user, 'ann', '', '');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Provide a valid Email')).toBeInTheDocument();
    expect(screen.getByText('Subject is Required')).toBeInTheDocument();
    expect(screen.getByText('Message is Required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the shop's refusal in its own words", async () => {
    const refusal = 'You have sent several messages lately. Please wait a while, or call us.';
    mockApi({ 'POST /api/contact': { status: 429, body: { error: refusal } } });
    const { user } = renderWithProviders(<ContactForm />);
    await fill(user, 'ann@example.com', 'Hours', 'Open on Sunday?');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.getByLabelText('Message')).toHaveValue('Open on Sunday?');
  });
});
