import { useState } from 'react';
import { ErrorBox } from '@/components/ui/error-box';
import { Pager } from '@/components/ui/pager';
import { Spinner } from '@/components/ui/spinner';
import { MESSAGES_PAGE_SIZE, useContactMessages } from '../api/get-contact-messages';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function formatDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateFormat.format(date);
}

/**
 * The messages sent with the home page's contact form, newest first (docs/decisions.md, D36): who
 * wrote, when, about what, and their words, with a link to answer by e-mail.
 */
export function ContactMessages() {
  const [page, setPage] = useState(1);
  const messages = useContactMessages(page);
  if (messages.isPending) return <Spinner label="Loading the messages" />;
  if (messages.isError) return <ErrorBox error={messages.error} onRetry={() => void messages.refetch()} />;
  const { items, total } = messages.data;
  if (total === 0) {
    return <p className="rounded-box border border-dashed border-base-300 p-10 text-center">No messages yet.</p>;
  }
  return (
    <div className="grid gap-4">
      <p className="text-sm text-base-content/75">
        {total} {total === 1 ? 'message' : 'messages'}, newest first.
      </p>
      <ul aria-label="Messages" className="grid gap-3">
        {items.map((message) => (
          <li key={message._id} aria-label={message.subject} className="card border border-base-300 bg-base-100 shadow-sm">
            <div className="card-body gap-2 p-4 sm:p-5">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="text-lg font-semibold break-words">{message.subject}</h2>
                <time dateTime={message.createdAt} className="text-sm text-base-content/70">
                  {formatDate(message.createdAt)}
                </time>
              </div>
              <p className="text-sm">
                From{' '}
                <a className="link link-primary break-all" href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`}>
                  {message.email}
                </a>
              </p>
              <p className="whitespace-pre-wrap break-words">{message.message}</p>
            </div>
          </li>
        ))}
      </ul>
      <Pager page={page} pages={Math.ceil(total / MESSAGES_PAGE_SIZE)} onPage={setPage} />
    </div>
  );
}
