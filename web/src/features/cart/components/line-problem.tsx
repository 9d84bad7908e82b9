import type { CartLine, CartProblem } from '../api-types';

/** The words for a problem when the shop sent none. */
const FALLBACK: Record<CartProblem, (line: CartLine) => string> = {
  deleted: () => 'This part is no longer sold',
  outOfStock: () => 'Out of stock',
  notEnoughStock: (line) => `Only ${line.availableQuantity} in stock`,
  belowMinimum: (line) => `The minimum order for this part is ${line.minimumOrder}`,
  priceChanged: () => 'The price changed since you added it',
};

/** What is wrong with a cart line, in the shop's words; a changed price is a notice, the rest stop the order. */
export function LineProblem({ line }: { line: CartLine }) {
  if (!line.problem) return null;
  const text = line.message ?? FALLBACK[line.problem]?.(line) ?? line.problem;
  const notice = line.problem === 'priceChanged';
  return (
    <p className={`text-sm font-medium ${notice ? 'text-info' : 'text-error'}`} data-problem={line.problem}>
      {notice ? null : <span className="sr-only">Problem: </span>}
      {text}
    </p>
  );
}

