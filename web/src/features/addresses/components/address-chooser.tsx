import { useEffect, useState } from 'react';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { useAddresses } from '../api/get-addresses';
import { AddressForm } from './address-form';
import { MAX_ADDRESSES } from '../schemas';
import { AddressText } from './address-text';

type AddressChooserProps = { value: string | null; onChange: (addressId: string | null) => void };

/**
 * Checkout's delivery address: one of the book's (the default chosen to start with), or a new one
 * typed in here, which is saved to the book and chosen.
 */
export function AddressChooser({ value, onChange }: AddressChooserProps) {
  const addresses = useAddresses();
  const [adding, setAdding] = useState(false);
  const list = addresses.data;
  const chosen = list?.some((address) => address._id === value) ? value : null;

  // The default address (first in the book) is chosen until the buyer picks another; one deleted
  // meanwhile is unchosen.
  useEffect(() => {
    if (!list) return;
    if (chosen === null && list.length > 0) onChange(list.find((a) => a.isDefault)?._id ?? list[0]!._id);
    else if (chosen === null && value !== null) onChange(null);
  }, [list, chosen, value, onChange]);

  if (addresses.isPending) return <Spinner label="Loading your addresses" />;
  if (addresses.isError) return <ErrorBox error={addresses.error} onRetry={() => void addresses.refetch()} />;

  const showForm = adding || addresses.data.length === 0;
  return (
    <div className="grid gap-3">
      {addresses.data.length > 0 ? (
        <div role="radiogroup" aria-label="Delivery address" className="grid gap-3 md:grid-cols-2">
          {addresses.data.map((address) => {
            const id = `address-${address._id}`;
            const checked = chosen === address._id;
            return (
              <label
                key={address._id}
                htmlFor={id}
                className={`flex cursor-pointer gap-3 rounded-box border p-4 ${checked ? 'border-primary bg-primary/5' : 'border-base-300 hover:bg-base-200'}`}
              >
                <input
                  id={id}
                  type="radio"
                  name="deliveryAddress"
                  checked={checked}
                  onChange={() => onChange(address._id)}
                  aria-label={`${address.name}, ${address.line1}, ${address.city}`}
                  className="mt-1 h-4 w-4 shrink-0 accent-primary"
                />
                <span className="flex min-w-0 flex-1 items-start justify-between gap-2">
                  <AddressText address={address} />
                  {address.isDefault ? <span className="badge badge-ghost badge-sm shrink-0">Default</span> : null}
                </span>
              </label>
            );
          })}
        </div>
      ) : null}
      {showForm ? (
        <AddressForm
          title="New delivery address"
          onSaved={(saved) => {
            setAdding(false);
            onChange(saved._id);
          }}
          onCancel={addresses.data.length > 0 ? () => setAdding(false) : undefined}
        />
      ) : addresses.data.length < MAX_ADDRESSES ? (
        <div>
          <button type="button" className="btn btn-sm btn-outline" onClick={() => setAdding(true)}>
            Add a new address
          </button>
        </div>
      ) : null}
    </div>
  );
}
