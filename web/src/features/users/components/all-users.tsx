import { useState } from 'react';
import { ErrorBox } from '@/components/ui/error-box';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { notify } from '@/lib/notify';
import { useMakeAdmin } from '../api/make-admin';
import { useRemoveAdmin } from '../api/remove-admin';
import { useUsers } from '../api/get-users';
import type { ShopUser } from '../types';

/** A role change waiting for the admin's confirmation. */
type Change = { kind: 'make' | 'remove'; user: ShopUser };

/**
 * All Users: every account, with Make Admin for users and Remove admin for other admins. Both ask
 * for confirmation first (docs/decisions.md, D31).
 */
export function AllUsers() {
  const users = useUsers();
  const me = useUser();
  const [change, setChange] = useState<Change | null>(null);
  if (users.isPending) return <Spinner label="Loading users" />;
  if (users.isError) return <ErrorBox error={users.error} onRetry={() => void users.refetch()} />;

  return (
    <>
      <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
        <table className="table table-sm sm:table-md">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col" className="hidden sm:table-cell">
                Email
              </th>
              <th scope="col">Role</th>
            </tr>
          </thead>
          <tbody>
            {users.data.map((user) => (
              <UserRow key={user.email} user={user} isMe={user.email === me.data?.email} onChange={setChange} />
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmRoleChange change={change} onClose={() => setChange(null)} />
    </>
  );
}

function UserRow({ user, isMe, onChange }: { user: ShopUser; isMe: boolean; onChange: (change: Change) => void }) {
  return (
    <tr>
      <td>
        <div className="font-medium">{user.name}</div>
        {/* Phones show the e-mail under the name. */}
        <div className="break-all text-xs text-base-content/75 sm:hidden">{user.email}</div>
      </td>
      <td className="hidden break-all sm:table-cell">{user.email}</td>
      <td>
        {user.role === 'admin' ? (
          <div className="flex flex-col items-start gap-2 sm:flex-row sm:items-center">
            <span className="badge badge-success">Admin</span>
            {/* An admin never removes themself by accident: the shop refuses it too. */}
            {isMe ? null : (
              <button type="button" className="btn btn-sm btn-outline btn-error" onClick={() => onChange({ kind: 'remove', user })}>
                Remove admin <span className="sr-only">{user.email}</span>
              </button>
            )}
          </div>
        ) : (
          <button type="button" className="btn btn-sm btn-primary" onClick={() => onChange({ kind: 'make', user })}>
            Make Admin <span className="sr-only">{user.email}</span>
          </button>
        )}
      </td>
    </tr>
  );
}

/** The confirmation of a role change: the change is made only from here. */
function ConfirmRoleChange({ change, onClose }: { change: Change | null; onClose: () => void }) {
  const makeAdmin = useMakeAdmin();
  const removeAdmin = useRemoveAdmin();
  const pending = makeAdmin.isPending || removeAdmin.isPending;
  const who = change ? `${change.user.name} (${change.user.email})` : '';

  const confirm = () => {
    if (!change) return;
    if (change.kind === 'make') {
      makeAdmin.mutate(change.user.email, {
        onSuccess: (answer) =>
          answer.modifiedCount > 0 ? notify.success('Successfully made an admin') : notify.error('Failed to Make an admin'),
        onError: () => notify.error('Failed to Make an admin'),
        onSettled: onClose,
      });
    } else {
      removeAdmin.mutate(change.user.email, {
        onSuccess: (answer) =>
          answer.modifiedCount > 0
            ? notify.success(`${change.user.name} is no longer an admin`)
            : notify.error(`${change.user.name} was not an admin`),
        onError: (error) => notify.error(errorMessage(error)),
        onSettled: onClose,
      });
    }
  };

  const making = change?.kind === 'make';
  return (
    <Modal open={change !== null} title={making ? 'Make this user an admin?' : 'Remove this admin?'} onClose={onClose}>
      {making ? (
        <p>
          <strong>{who}</strong> will be able to change parts, prices, stock, orders and other users, as you can.
        </p>
      ) : (
        <p>
          <strong>{who}</strong> becomes a user again and is signed out everywhere. They keep their account and orders.
        </p>
      )}
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className={`btn ${making ? 'btn-primary' : 'btn-error'}`} disabled={pending} onClick={confirm}>
          {pending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {making ? 'Make Admin' : 'Remove admin'}
        </button>
      </div>
    </Modal>
  );
}
