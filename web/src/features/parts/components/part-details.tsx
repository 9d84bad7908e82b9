import type { ReactNode } from 'react';
import { QuantityPicker } from '@/components/ui/quantity-picker';
import { useMoney } from '@/lib/config';
import { canOrder } from '../quantity';
import type { Part } from '../types';
import { CoreChargeNote } from './core-charge-note';
import { FitMessage, PartSpecs } from './part-fit';
import { PartPicture } from '@/components/ui/part-picture';

type PartDetailsProps = {
  part: Part;
  quantity: number;
  onQuantityChange: (quantity: number) => void;
  onPurchase: () => void;
  /** Beside Purchase: the cart's "Add to cart" for this quantity, which the page brings. */
  addToCart?: ReactNode;
  /** The words on the Purchase button ("Purchase" unless given). */
  purchaseLabel?: string;
};

/** A part's page (its own, or the purchase page): picture, facts, the buyer's quantity and the Purchase button. */
export function PartDetails({ part, quantity, onQuantityChange, onPurchase, addToCart, purchaseLabel = 'Purchase' }: PartDetailsProps) {
  const money = useMoney();
  const orderable = canOrder(part);
  return (
    <article className="grid gap-8 lg:grid-cols-2">
      <figure className="overflow-hidden rounded-box border border-base-300 bg-base-200">
        <PartPicture src={part.img} alt={part.name} width={640} height={480} className="aspect-[4/3] h-full w-full object-cover" />
      </figure>
      <div className="flex flex-col gap-5">
        <div>
          <h1 className="text-3xl font-bold wrap-anywhere">{part.name}</h1>
          <p className="mt-2 text-2xl font-semibold text-primary">
            {money(part.price)} <span className="text-base font-normal text-base-content/70">per unit</span>
          </p>
          <CoreChargeNote part={part} className="mt-1 text-sm" />
        </div>
        <FitMessage fitments={part.fitments} />
        <p className="whitespace-pre-line text-base-content/85">{part.description}</p>
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
          <div className="rounded-box bg-base-200 p-3">
            <dt className="text-base-content/70">Available Quantity</dt>
            <dd className="text-lg font-semibold">{part.availableQuantity}</dd>
          </div>
          <div className="rounded-box bg-base-200 p-3">
            <dt className="text-base-content/70">Minimum Order</dt>
            <dd className="text-lg font-semibold">{part.minimumOrder}</dd>
          </div>
          <div className="col-span-2 rounded-box bg-base-200 p-3 sm:col-span-1">
            <dt className="text-base-content/70">Order total</dt>
            <dd className="text-lg font-semibold">{orderable ? money(part.price * quantity) : '—'}</dd>
            {orderable && part.coreCharge > 0 ? (
              <dd className="text-xs text-base-content/70">+ {money(part.coreCharge * quantity)} core deposit</dd>
            ) : null}
          </div>
        </dl>
        {orderable ? (
          <QuantityPicker value={quantity} limits={part} onChange={onQuantityChange} />
        ) : (
          <p className="alert alert-warning alert-soft">
            Not enough stock to meet the minimum order right now. Please check back after restocking.
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          <button type="button" className="btn btn-primary btn-wide" disabled={!orderable} onClick={onPurchase}>
            {purchaseLabel}
          </button>
          {addToCart}
        </div>
        <PartSpecs part={part} />
      </div>
    </article>
  );
}
