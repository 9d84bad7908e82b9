import type { Address } from '@/features/cart/api-types';
import { addressLines } from '@/lib/address';

/** An address as it is written on an envelope: the name, then its lines. */
export function AddressText({ address }: { address: Address }) {
  return (
    <address className="not-italic">
      <span className="font-semibold">{address.name}</span>
      {addressLines(address).map((line) => (
        <span key={line} className="block text-sm">
          {line}
        </span>
      ))}
      {address.phone ? <span className="block text-sm text-base-content/75">{address.phone}</span> : null}
    </address>
  );
}
