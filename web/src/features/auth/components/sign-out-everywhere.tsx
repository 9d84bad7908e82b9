import { useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { errorMessage } from '@/lib/api-client';
import { useSignOutEverywhere } from '../api/sign-out-everywhere';

/**
 * "Sign out everywhere": after a confirmation, ends every session of the account (other browsers,
 * phones, this one) and then `onSignedOut` (the page sends the user to log in again).
 */
export function SignOutEverywhere({ onSignedOut }: { onSignedOut: () => void }) {
  const [asking, setAsking] = useState(false);
  const signOut = useSignOutEverywhere();

  const confirm = () => signOut.mutate(undefined, { onSuccess: onSignedOut });
  const close = () => {
    setAsking(false);
    signOut.reset();
  };

  return (
    <>
      <button type="button" className="btn btn-outline btn-error" onClick={() => setAsking(true)}>
        Sign out everywhere
      </button>
      <Modal open={asking} title="Sign out everywhere?" onClose={close}>
        <p>Every browser and device signed in to your account is signed out, this one included. You can log in again at once.</p>
        {signOut.isError ? (
          <p className="mt-3 text-sm font-medium text-error" role="alert">
            {errorMessage(signOut.error)}
          </p>
        ) : null}
        <div className="modal-action">
          <button type="button" className="btn" onClick={close}>
            Back
          </button>
          <button type="button" className="btn btn-error" disabled={signOut.isPending} onClick={confirm}>
            {signOut.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            Sign Out All Devices
          </button>
        </div>
      </Modal>
    </>
  );
}
