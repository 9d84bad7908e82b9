import { useId, useState } from 'react';
import { canDecrease, canIncrease, clampQuantity, decrease, increase, type QuantityLimits } from '../quantity';

type QuantityPickerProps = {
  value: number;
  limits: QuantityLimits;
  onChange: (quantity: number) => void;
};

/** The buyer's order quantity (docs/decisions.md, D1): - and + step by 1 inside [minimum order, stock]. */
export function QuantityPicker({ value, limits, onChange }: QuantityPickerProps) {
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
      <label htmlFor={id} className="text-sm font-semibold">
        Order quantity
      </label>
      <div className="join">
        <button
          type="button"
          className="btn join-item btn-square text-xl"
          aria-label="Decrease quantity"
          disabled={!canDecrease(value, limits)}
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
          className="input input-bordered join-item w-24 text-center text-lg font-semibold"
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
          className="btn join-item btn-square text-xl"
          aria-label="Increase quantity"
          disabled={!canIncrease(value, limits)}
          onClick={() => step(increase(value, limits))}
        >
          +
        </button>
      </div>
      <p className="text-xs text-base-content/70">
        Between {limits.minimumOrder} and {limits.availableQuantity} units.
      </p>
    </div>
  );
}
