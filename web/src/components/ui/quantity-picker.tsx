import { useId, useState } from 'react';
import { canDecrease, canIncrease, clampQuantity, decrease, increase, type QuantityLimits } from '@/lib/quantity';

type QuantityPickerProps = {
  value: number;
  limits: QuantityLimits;
  onChange: (quantity: number) => void;
  /**
   * The part it is for, when a page has several (the cart's lines): then the label is "Quantity of
   * {itemName}" and the buttons name it too. Without it: "Order quantity".
   */
  itemName?: string;
  /** Smaller buttons and no hint line, for a row of a list. */
  compact?: boolean;
  disabled?: boolean;
};

/** The buyer's order quantity (docs/decisions.md, D1): - and + step by 1 inside [minimum order, stock]. */
export function QuantityPicker({ value, limits, onChange, itemName, compact = false, disabled = false }: QuantityPickerProps) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);

  const commit = () => {
    if (draft === null) return;
    const typed = Number(draft);
    onChange(clampQuantity(draft.trim() === '' || Number.isNaN(typed) ? value : typed, limits));
    setDraft(null);
  };

  const step = (next: number) => {
    setDraft(null);
    onChange(next);
  };

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className={compact ? 'sr-only' : 'text-sm font-semibold'}>
        {itemName ? `Quantity of ${itemName}` : 'Order quantity'}
      </label>
      <div className="join">
        <button
          type="button"
          className={`btn join-item btn-square ${compact ? 'btn-sm text-lg' : 'text-xl'}`}
          aria-label={itemName ? `Decrease quantity of ${itemName}` : 'Decrease quantity'}
          disabled={disabled || !canDecrease(value, limits)}
          onClick={() => step(decrease(value, limits))}
        >
          -
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={limits.minimumOrder}
          max={limits.availableQuantity}
          step={1}
          disabled={disabled}
          className={`input input-bordered join-item text-center font-semibold ${compact ? 'input-sm w-16' : 'w-24 text-lg'}`}
          value={draft ?? String(value)}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commit();
            }
          }}
        />
        <button
          type="button"
          className={`btn join-item btn-square ${compact ? 'btn-sm text-lg' : 'text-xl'}`}
          aria-label={itemName ? `Increase quantity of ${itemName}` : 'Increase quantity'}
          disabled={disabled || !canIncrease(value, limits)}
          onClick={() => step(increase(value, limits))}
        >
          +
        </button>
      </div>
      {compact ? null : (
        <p className="text-xs text-base-content/70">
          Between {limits.minimumOrder} and {limits.availableQuantity} units.
        </p>
      )}
    </div>
  );
}
