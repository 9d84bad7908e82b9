import { ApiError, errorMessage } from '@/lib/api-client';
import { useResendVerification } from '../api/verify-email';

/**
 * A gentle reminder for a signed-in user whose address is not verified yet (everything still works
 * meanwhile), with a button for a new link. The shop's answer shows in the banner; 409 means the
 * address was verified already, which the next visit shows by leaving the banner out.
 */
export default function VerifyEmailBanner({ email, onDismiss }: { email: string; onDismiss: () => void }) {
  const resend = useResendVerification();
  const verifiedAlready = resend.error instanceof ApiError && resend.error.status === 409;

  return (
    <aside aria-label="E-mail verification" className="border-t border-info/30 bg-base-100 shadow-lg">
      <div className="bg-info/10">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2.5 text-sm sm:px-6">
          <p className="min-w-0 flex-1 basis-full sm:basis-0">
            Please verify your e-mail address: open the link we sent to <strong className="break-all">{email}</strong>.
          </p>
          <div className="flex flex-wrap items-center gap-2">
            {resend.isSuccess || verifiedAlready ? (
              <p role="status" className="font-medium">
                {resend.isSuccess ? resend.data.message : errorMessage(resend.error)}
              </p>
            ) : (
              <button type="button" className="btn btn-sm btn-outline" disabled={resend.isPending} onClick={() => resend.mutate()}>
                {resend.isPending ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
                Resend the link
              </button>
            )}
            {resend.isError && !verifiedAlready ? (
              <p role="alert" className="font-medium text-error">
                {errorMessage(resend.error)}
              </p>
            ) : null}
            <button type="button" className="btn btn-sm btn-ghost" onClick={onDismiss}>
              Not now
            </button>
          </div>
        </div>
      </div>
    </aside>
  );
}
