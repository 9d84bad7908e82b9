import { addressLines } from '@/lib/address';
import { useShippingInfo } from '../api/get-shipping-info';

/**
 * Where the trade counter is, on one line with its hours: what counter pickup means at checkout.
 * `fallback` (the pickup option's own words) shows until the counter is known.
 */
export function CounterAddress({ fallback = '' }: { fallback?: string }) {
  const info = useShippingInfo();
  const counter = info.data?.counter;
  if (!counter) return fallback ? <span className="block text-base-content/75">{fallback}</span> : null;
  const place = [counter.name, ...addressLines(counter)].join(', ');
  return (
    <span className="block text-base-content/85" data-testid="counter-address">
      Collect at {place}
      {counter.hours ? <span className="block text-base-content/70">Open {counter.hours}</span> : null}
    </span>
  );
}
