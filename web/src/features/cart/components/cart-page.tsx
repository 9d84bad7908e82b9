import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { QuantityPicker } from '@/components/ui/quantity-picker';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useMoney } from '@/lib/config';
import { notify } from '@/lib/notify';
import type { Cart, CartLine } from '../api-types';
import { canChangeQuantity, fixedQuantity, lineName, withDeposits } from '../lines';
import { useCart, useCartActions } from '../use-cart';
import { LineDeposit } from './line-deposit';
import { LineProblem } from './line-problem';
import { PartPicture } from '@/components/ui/part-picture';

type CartPageProps = {
  /** Checkout was chosen: `signedIn` false for a visitor, who signs in first. */
  onCheckout: (signedIn: boolean) => void;
  /** Under each line: whether its part is listed for the buyer's vehicle (the catalogue's fit note). */
  renderLineNote?: (partId: string) => ReactNode;
};

/**
 * The cart: each line with its picture, name, part number, quantity (docs/decisions.md, D1),
 * Remove, its total, its core deposit and whatever is wrong with it; the subtotal (and the core
 * deposits beside it), and Checkout once every line can be ordered.
 */
export function CartPage({ onCheckout, renderLineNote }: CartPageProps) {
  const { signedIn, cart } = useCart();

  if (signedIn === undefined || cart.isPending) return <Spinner label="Loading your cart" />;
  if (cart.isError) return <ErrorBox error={cart.error} onRetry={() => void cart.refetch()} />;
  if (cart.data.lines.length === 0) return <EmptyCart />;

  return (
    <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <ul aria-label="Cart lines" className={`divide-y divide-base-300 rounded-box border border-base-300 bg-base-100 ${cart.isPlaceholderData ? 'opacity-60' : ''}`}>
        {cart.data.lines.map((line) => (
          <CartLineItem key={line.partId} line={line} note={renderLineNote?.(line.partId)} />
        ))}
      </ul>
      <CartSummary cart={cart.data} signedIn={signedIn} updating={cart.isFetching} onCheckout={() => onCheckout(signedIn)} />
    </div>
  );
}

function EmptyCart() {
  return (
    <div className="rounded-box border border-dashed border-base-300 p-10 text-center">
      <p className="text-lg font-semibold">Your cart is empty.</p>
      <p className="mt-1 text-base-content/75">Add parts from the catalogue and they wait for you here.</p>
      <Link to={paths.parts.getHref()} className="btn btn-primary mt-6">
        Browse parts
      </Link>
    </div>
  );
}

function CartLineItem({ line, note }: { line: CartLine; note?: ReactNode }) {
  const money = useMoney();
  const { setQuantity, remove } = useCartActions();
  const [pending, setPending] = useState(false);
  const name = lineName(line);
  const fix = fixedQuantity(line);

  const run = async (action: () => Promise<void>) => {
    setPending(true);
    try {
      await action();
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <li aria-label={name} className="flex flex-col gap-4 p-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 gap-4">
        {line.img ? (
          <PartPicture src={line.img} alt="" width={80} height={80} loading="lazy" className="h-20 w-20 shrink-0 rounded-box bg-base-200 object-cover" />
        ) : (
          <div className="h-20 w-20 shrink-0 rounded-box bg-base-200" aria-hidden="true" />
        )}
        <div className="min-w-0">
          <h2 className="font-semibold break-words">
            {line.problem === 'deleted' ? name : <Link to={paths.purchase.getHref(line.partId)} className="link link-hover">{name}</Link>}
          </h2>
          {line.sku ? <p className="font-mono text-xs text-base-content/70">Part number: {line.sku}</p> : null}
          {line.problem !== 'deleted' ? <p className="text-sm text-base-content/75">{money(line.unitPrice)} each</p> : null}
          {line.problem !== 'deleted' ? <LineDeposit line={line} /> : null}
          <LineProblem line={line} />
          {note}
          {fix !== null ? (
            <button type="button" className="btn btn-xs btn-outline mt-1" disabled={pending} onClick={() => void run(() => setQuantity(line, fix))}>
              Change to {fix}
            </button>
          ) : null}
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3 sm:flex-nowrap sm:justify-end sm:gap-4">
        {canChangeQuantity(line) ? (
          <QuantityPicker
            compact
            itemName={name}
            value={line.quantity}
            limits={line}
            disabled={pending}
            onChange={(quantity) => {
              if (quantity !== line.quantity) void run(() => setQuantity(line, quantity));
            }}
          />
        ) : (
          <p className="text-sm">Quantity {line.quantity}</p>
        )}
        <p className="ml-auto text-right font-semibold sm:ml-0 sm:w-24">
          <span className="sr-only">Line total </span>
          {money(line.lineTotal)}
        </p>
        <button
          type="button"
          className="btn btn-sm btn-ghost px-2 text-error"
          aria-label={`Remove ${name}`}
          disabled={pending}
          onClick={() => void run(() => remove(line.partId))}
        >
          Remove
        </button>
      </div>
    </li>
  );
}

type CartSummaryProps = { cart: Cart; signedIn: boolean; updating: boolean; onCheckout: () => void };

function CartSummary({ cart, signedIn, updating, onCheckout }: CartSummaryProps) {
  const money = useMoney();
  // Parts with a core charge: their deposits go beside the subtotal, and the two make the total.
  const deposits = cart.coreCharges > 0;
  return (
    <section aria-labelledby="cart-summary-title" className="card border border-base-300 bg-base-100 shadow-sm lg:sticky lg:top-24">
      <div className="card-body gap-4">
        <h2 id="cart-summary-title" className="card-title">
          Summary
        </h2>
        <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-y-2">
          <dt className="text-base-content/70">Items</dt>
          <dd className="text-right">{cart.count}</dd>
          {deposits ? (
            <>
              <dt className="text-base-content/70">Subtotal</dt>
              <dd className="text-right" data-testid="cart-subtotal">
                {money(cart.subtotal)}
              </dd>
              <dt className="text-base-content/70">Core deposits</dt>
              <dd className="text-right" data-testid="cart-core-charges">
                {money(cart.coreCharges)}
              </dd>
              <dt className="font-semibold">Total</dt>
              <dd className="text-right text-lg font-bold" data-testid="cart-total">
                {money(withDeposits(cart.subtotal, cart.coreCharges))}
              </dd>
            </>
          ) : (
            <>
              <dt className="font-semibold">Subtotal</dt>
              <dd className="text-right text-lg font-bold" data-testid="cart-subtotal">
                {money(cart.subtotal)}
              </dd>
            </>
          )}
        </dl>
        {deposits ? (
          <p className="text-sm text-base-content/75">Core deposits are refunded when you return your old parts. They are not taxed.</p>
        ) : null}
        <p className="text-sm text-base-content/75">Delivery and tax are worked out at checkout.</p>
        {cart.ready ? null : (
          <p className="text-sm font-medium text-error" role="status">
            Change or remove the lines marked above to check out.
          </p>
        )}
        <button type="button" className="btn btn-primary btn-block" disabled={!cart.ready || updating} onClick={onCheckout}>
          Checkout
        </button>
        {signedIn ? null : (
          <p className="text-xs text-base-content/75">You log in first (or create an account); your cart comes with you.</p>
        )}
      </div>
    </section>
  );
}
