import { useMoney } from '@/lib/config';
import type { CartLine } from '../api-types';

/**
 * Under a line whose part carries a core charge: the deposit on each unit and how many, charged
 * beside the price and refunded when the old parts come back. Nothing for a line without one.
 */
export function LineDeposit({ line, className = 'text-sm' }: { line: Pick<CartLine, 'coreCharge' | 'quantity'>; className?: string }) {
  const money = useMoney();
  if (!(line.coreCharge > 0)) return null;
  return (
    <p className={`text-base-content/75 ${className}`}>
      Core deposit {money(line.coreCharge)} × {line.quantity}
    </p>
  );
}
