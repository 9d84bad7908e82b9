/**
 * The order quantity rules (docs/decisions.md, D1): the buyer's own number, starting at the part's
 * minimum order, stepping by 1, never below the minimum nor above the stock. Nothing is saved on
 * a click.
 */
export type QuantityLimits = { minimumOrder: number; availableQuantity: number };

/** Whether the part can be ordered at all (the minimum may exceed the stock). */
export function canOrder({ minimumOrder, availableQuantity }: QuantityLimits): boolean {
  return availableQuantity >= minimumOrder && availableQuantity > 0;
}

/** The quantity a purchase page starts with. */
export function initialQuantity(limits: QuantityLimits): number {
  return Math.max(1, limits.minimumOrder);
}

/** Keeps any number inside the allowed range (whole units). */
export function clampQuantity(value: number, limits: QuantityLimits): number {
  const min = Math.max(1, limits.minimumOrder);
  if (!canOrder(limits)) return min;
  const whole = Number.isFinite(value) ? Math.trunc(value) : min;
  return Math.min(limits.availableQuantity, Math.max(min, whole));
}

export function canDecrease(quantity: number, limits: QuantityLimits): boolean {
  return canOrder(limits) && quantity > Math.max(1, limits.minimumOrder);
}

export function canIncrease(quantity: number, limits: QuantityLimits): boolean {
  return canOrder(limits) && quantity < limits.availableQuantity;
}

export function decrease(quantity: number, limits: QuantityLimits): number {
  return canDecrease(quantity, limits) ? quantity - 1 : quantity;
}

export function increase(quantity: number, limits: QuantityLimits): number {
  return canIncrease(quantity, limits) ? quantity + 1 : quantity;
}

/**
 * Why a cart line of `quantity` cannot be ordered as it is, in the shop's own words, or null: above
 * the stock ("Only 3 in stock"), or below the part's minimum order.
 */
export function checkLineQuantity(quantity: number, { minimumOrder, availableQuantity }: QuantityLimits): string | null {
  if (quantity > availableQuantity) return `Only ${availableQuantity} in stock`;
  if (quantity < minimumOrder) return `The minimum order for this part is ${minimumOrder}`;
  return null;
}
