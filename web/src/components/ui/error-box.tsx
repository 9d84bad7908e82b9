import { errorMessage } from '@/lib/api-client';

/** A failed load, with the server's message and a way to try again. */
export function ErrorBox({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <div className="alert alert-error alert-soft my-4 flex flex-wrap justify-between" role="alert">
      <span>{errorMessage(error)}</span>
      {onRetry ? (
        <button type="button" className="btn btn-sm" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}
