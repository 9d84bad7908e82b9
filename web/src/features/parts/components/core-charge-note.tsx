import { useMoney } from '@/lib/config';
import type { Part } from '../types';

/**
 * A part's core charge beside its price: the deposit on one unit, refunded when the buyer returns
 * the old part it replaces. Nothing for a part without one.
 */
export function CoreChargeNote({ part, className = 'text-sm' }: { part: Pick<Part, 'coreCharge'>; className?: string }) {
  const money = useMoney();
  if (!(part.coreCharge > 0)) return null;
  return (
    <p className={`text-base-content/75 ${className}`}>
      + {money(part.coreCharge)} core charge, refunded when you return your old part
    </p>
  );
}
