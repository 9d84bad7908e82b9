import { useState } from 'react';
import { ErrorBox } from '@/components/ui/error-box';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import type { Address } from '@/features/cart/api-types';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useDeleteAddress, useUpdateAddress } from '../api/change-address';
import { useAddresses } from '../api/get-addresses';
import { addressInput, addressValues, MAX_ADDRESSES } from '../schemas';
import { AddressForm } from './address-form';
import { AddressText } from './address-text';

/** Editing: none, a new address, or the address with this id. */
type Editing = null | 'new' | string;

/** My Profile's address book: every address, the default marked, to add, change, delete or make the default. */
export function AddressBook() {
  const addresses = useAddresses();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Address | null>(null);

  if (addresses.isPending) return <Spinner label="Loading your addresses" />;
  if (addresses.isError) return <ErrorBox error={addresses.error} onRetry={() => void addresses.refetch()} />;

  const full = addresses.data.length >= MAX_ADDRESSES;
  return (
    <div className="grid gap-4">
      {addresses.data.length === 0 && editing !== 'new' ? (
        <p className="rounded-box border border-dashed border-base-300 p-6 text-base-content/75">
          No addresses yet. Add one and checkout offers it for delivery.
        </p>
      ) : null}
      <ul aria-label="Addresses" className="grid gap-3 md:grid-cols-2">
        {addresses.data.map((address) =>
          editing === address._id ? (
            <li key={address._id} className="md:col-span-2">
              <AddressForm
                address={address}
                title={`Change ${address.name}'s address`}
                onSaved={() => {
                  notify.success('Address saved.');
                  setEditing(null);
                }}
                onCancel={() => setEditing(null)}
              />
            </li>
          ) : (
            <AddressCard key={address._id} address={address} onEdit={() => setEditing(address._id)} onDelete={() => setDeleting(address)} />
          ),
        )}
      </ul>
      {editing === 'new' ? (
        <AddressForm
          title="New address"
          onSaved={() => {
            notify.success('Address added.');
            setEditing(null);
          }}
          onCancel={() => setEditing(null)}
        />
      ) : full ? (
        <p className="text-sm text-base-content/75">Your address book is full ({MAX_ADDRESSES} addresses). Delete one to add another.</p>
      ) : (
        <div>
          <button type="button" className="btn btn-outline" onClick={() => setEditing('new')}>
            Add address
          </button>
        </div>
      )}
      <DeleteAddressModal address={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}

function AddressCard({ address, onEdit, onDelete }: { address: Address; onEdit: () => void; onDelete: () => void }) {
  const update = useUpdateAddress();
  const makeDefault = () =>
    update.mutate(
      { id: address._id, input: { ...addressInput(addressValues(address)), isDefault: true } },
      {
        onSuccess: () => notify.success(`${address.name}'s address is now your default.`),
        onError: (error) => notify.error(errorMessage(error)),
      },
    );

  return (
    <li aria-label={`${address.name}, ${address.line1}`} className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4">
      <div className="flex items-start justify-between gap-3">
        <AddressText address={address} />
        {address.isDefault ? <span className="badge badge-primary badge-sm shrink-0">Default</span> : null}
      </div>
      <div className="mt-auto flex flex-wrap gap-2">
        <button type="button" className="btn btn-sm btn-outline" aria-label={`Edit ${address.name}, ${address.line1}`} onClick={onEdit}>
          Edit
        </button>
        {address.isDefault ? null : (
          <button
            type="button"
            className="btn btn-sm btn-ghost"
            aria-label={`Make ${address.name}, ${address.line1} the default`}
            disabled={update.isPending}
            onClick={makeDefault}
          >
            Make default
          </button>
        )}
        <button type="button" className="btn btn-sm btn-ghost text-error" aria-label={`Delete ${address.name}, ${address.line1}`} onClick={onDelete}>
          Delete
        </button>
      </div>
    </li>
  );
}

function DeleteAddressModal({ address, onClose }: { address: Address | null; onClose: () => void }) {
  const remove = useDeleteAddress();
  const confirm = () => {
    if (!address) return;
    remove.mutate(address._id, {
      onSuccess: () => {
        notify.success('Address deleted.');
        onClose();
      },
      onError: (error) => notify.error(errorMessage(error)),
    });
  };
  return (
    <Modal open={address !== null} title="Delete this address?" onClose={onClose}>
      {address ? <AddressText address={address} /> : null}
      <p className="mt-3 text-sm text-base-content/75">Orders already placed keep their own copy of it.</p>
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose}>
          Keep it
        </button>
        <button type="button" className="btn btn-error" disabled={remove.isPending} onClick={confirm}>
          Delete address
        </button>
      </div>
    </Modal>
  );
}
