import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { notify } from '@/lib/notify';
import { useMakeAdmin } from '../api/make-admin';
import { useUsers } from '../api/get-users';
import type { ShopUser } from '../types';

/** All Users: every account, with Make Admin for those who are not admins yet. */
export function AllUsers() {
  const users = useUsers();
  if (users.isPending) return <Spinner label="Loading users" />;
  if (users.isError) return <ErrorBox error={users.error} onRetry={() => void users.refetch()} />;

  return (
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
            <UserRow key={user.email} user={user} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function UserRow({ user }: { user: ShopUser }) {
  const makeAdmin = useMakeAdmin();
  const onMakeAdmin = () =>
    makeAdmin.mutate(user.email, {
      onSuccess: (answer) =>
        answer.modifiedCount > 0
          ? notify.success('Successfully made an admin')
          : notify.error('Failed to Make an admin'),
      onError: () => notify.error('Failed to Make an admin'),
    });

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
          <span className="badge badge-success">Admin</span>
        ) : (
          <button
            type="button"
            className="btn btn-sm btn-primary"
            disabled={makeAdmin.isPending}
            onClick={onMakeAdmin}
          >
            Make Admin
          </button>
        )}
      </td>
    </tr>
  );
}
