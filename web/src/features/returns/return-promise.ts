import type { ReturnPolicy } from './types';

/** A percentage as the policy states it: 15 → "15%", 12.5 → "12.5%". */
export function formatPercent(amount: number): string {
  return `${Number(amount.toFixed(2))}%`;
}

/**
 * The home page's promise, as the policy stands: "Wrong fit? Send it back within 30 days." (with the
 * restocking fee, when there is one, said beside it); without the policy yet, no number at all, so
 * the page never promises what the shop does not keep.
 */
export function returnPromise(policy: ReturnPolicy | undefined, money: (amount: number) => string): { title: string; text: string } {
  if (!policy) return { title: 'Easy returns', text: 'Wrong fit? Send it back.' };
  const days = `${policy.returnDays} ${policy.returnDays === 1 ? 'day' : 'days'}`;
  const { kind, amount } = policy.restockingFee;
  if (kind === 'none' || amount <= 0) return { title: 'Fits or free return', text: `Wrong fit? Send it back within ${days}.` };
  const fee = kind === 'percent' ? formatPercent(amount) : money(amount);
  return { title: 'Easy returns', text: `Wrong fit? Send it back within ${days} (${fee} restocking fee).` };
}
