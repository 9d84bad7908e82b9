import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { canOrder, initialQuantity } from '@/lib/quantity';
import type { CartPart } from '../browser-cart';
import { useCartActions } from '../use-cart';

type AddToCartButtonProps = {
  part: CartPart & { name: string };
  /** How many units to add; the part's minimum order when left out (docs/decisions.md, D1). */
  quantity?: number;
  className?: string;
  /** On a list of parts the button names its part ("Add to cart: Brake Pads", its visible words first, as WCAG 2.5.3 asks); on a part's own page it needs not. */
  namePart?: boolean;
};

/** Adds units of a part to the cart (the buyer's, or this browser's), and says so. */
export function AddToCartButton({ part, quantity, className = 'btn btn-primary', namePart = false }: AddToCartButtonProps) {
  const { add } = useCartActions();
  const [adding, setAdding] = useState(false);
  const units = quantity ?? initialQuantity(part);

  const onClick = async () => {
    setAdding(true);
    try {
      await add(part, units);
      notify.success(`${units} × ${part.name} added to your cart`);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setAdding(false);
    }
  };

  return (
    <button
      type="button"
      className={className}
      disabled={!canOrder(part) || adding}
      aria-label={namePart ? `Add to cart: ${part.name}` : undefined}
      onClick={() => void onClick()}
    >
      {adding ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
      Add to cart
    </button>
  );
}
