import { useId, useState, type FormEvent } from 'react';
import type { ContactRequest } from '@/api/types';
import { ApiError, api, errorMessage } from '@/lib/api-client';

type Fields = { email: string; subject: string; message: string };
type Errors = Partial<Record<keyof Fields, string>>;

const EMPTY: Fields = { email: '', subject: '', message: '' };

/** The browser's first word on the fields; the shop has the last (the same rules). */
function check(fields: Fields): Errors {
  const errors: Errors = {};
  const email = fields.email.trim();
  if (!email) errors.email = 'Email is Required';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(email)) errors.email = 'Provide a valid Email';
  if (!fields.subject.trim()) errors.subject = 'Subject is Required';
  if (!fields.message.trim()) errors.message = 'Message is Required';
  return errors;
}

type Sending = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent'; email: string } | { kind: 'failed'; message: string };

/**
 * The contact form's fields and Submit (contact-form.tsx): the browser's check first, then the
 * shop's; the sender is told it was sent, or why not, in words.
 */
export default function ContactFields() {
  const id = useId();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState<Sending>({ kind: 'idle' });

  const set = (name: keyof Fields) => (event: { target: { value: string } }) => {
    setFields((old) => ({ ...old, [name]: event.target.value }));
    setErrors((old) => ({ ...old, [name]: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check(fields);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSending({ kind: 'sending' });
    try {
      const body: ContactRequest = { email: fields.email.trim(), subject: fields.subject, message: fields.message };
      await api.post('/contact', body);
      setSending({ kind: 'sent', email: body.email });
      setFields(EMPTY);
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields as Errors);
      setSending({ kind: 'failed', message: errorMessage(error) });
    }
  };

  const field = (name: keyof Fields) => ({
    id: `${id}-${name}`,
    value: fields[name],
    onChange: set(name),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  const error = (name: keyof Fields) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="text-sm font-medium text-orange-300">
        {errors[name]}
      </p>
    ) : null;

  return (
    <form className="grid gap-4" onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Contact us">
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-email`} className="text-sm font-semibold text-white">
          Email
        </label>
        <input type="email" autoComplete="email" className="input input-bordered w-full text-base-content" {...field('email')} />
        {error('email')}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-subject`} className="text-sm font-semibold text-white">
          Subject
        </label>
        <input type="text" maxLength={200} className="input input-bordered w-full text-base-content" {...field('subject')} />
        {error('subject')}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-message`} className="text-sm font-semibold text-white">
          Message
        </label>
        <textarea rows={4} maxLength={5000} className="textarea textarea-bordered w-full text-base-content" {...field('message')} />
        {error('message')}
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" className="btn btn-primary" disabled={sending.kind === 'sending'}>
          {sending.kind === 'sending' ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          Submit
        </button>
        <div aria-live="polite" className="min-w-0 flex-1">
          {sending.kind === 'sent' ? (
            <p role="status" className="font-medium text-white">
              Thank you: your message was sent. We answer within one working day at <span className="break-all">{sending.email}</span>.
            </p>
          ) : null}
          {sending.kind === 'failed' ? (
            <p role="alert" className="font-medium text-orange-300">
              {sending.message}
            </p>
          ) : null}
        </div>
      </div>
    </form>
  );
}
