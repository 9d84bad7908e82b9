import { addressLines } from '@/lib/address';
import { useShippingInfo } from '../api/get-shipping-info';

/** Where the trade counter is, on one line with its hours: what counter pickup means at checkout. */
export function CounterAddress() {
  const info = useShippingInfo();
  const counter = info.data?.counter;
  if (!counter) return null;
  const place = [counter.name, ...addressLines(counter)].join(', ');
  return (
    <span className="block text-base-content/85" data-testid="counter-address">
      Collect at {place}
      {counter.hours ? <span className="block text-base-content/70">Open {counter.hours}</span> : null}
    </span>
  );
}
