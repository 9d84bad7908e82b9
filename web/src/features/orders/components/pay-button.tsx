/** The card forms' Pay button, with a spinner while the payment is on its way. */
export function PayButton({ disabled, pending }: { disabled: boolean; pending: boolean }) {
  return (
    <button type="submit" className="btn btn-primary w-full sm:w-auto sm:min-w-32" disabled={disabled} aria-busy={pending}>
      {pending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
      Pay
    </button>
  );
}
