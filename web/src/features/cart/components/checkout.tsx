import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useMoney } from '@/lib/config';
import type { CheckoutQuote, DeliveryOption } from '../api-types';
import { useCheckoutQuote, usePlaceOrder } from '../api/checkout';
import { useServerCart } from '../api/get-cart';
import { lineErrors, lineName } from '../lines';
import { LineProblem } from './line-problem';

/** The choice of a delivery address, as the page hands it to the address book's chooser. */
export type AddressChoice = { value: string | null; onChange: (addressId: string | null) => void };

/** Counter pickup's id among the delivery options. */
const PICKUP = 'pickup';

type CheckoutProps = {
  /** The buyer's addresses to choose from, with a way to add one (the address book's). */
  renderAddressChooser: (choice: AddressChoice) => ReactNode;
  /** Counter pickup's details, where the trade counter is, in place of the option's own description (until they load). */
  renderPickupDetails?: (description: string) => ReactNode;
};

/**
 * Checkout: how the order travels (counter pickup, or a delivery method to one of the buyer's
 * addresses), what it costs (goods, delivery, tax, total, as the shop works them out), and Place
 * order, which orders the whole cart for that total and goes on to pay for it by card.
 */
export function Checkout({ renderAddressChooser, renderPickupDetails }: CheckoutProps) {
  const cart = useServerCart(true);
  const [method, setMethod] = useState(PICKUP);
  const [addressId, setAddressId] = useState<string | null>(null);
  const delivering = method !== PICKUP;
  // A delivery method without an address yet has no price: the quote asked for is pickup's,
  // for the lines and the list of methods.
  const pricedMethod = delivering && addressId === null ? PICKUP : method;
  const hasLines = (cart.data?.lines.length ?? 0) > 0;
  const quote = useCheckoutQuote(pricedMethod, pricedMethod === PICKUP ? null : addressId, hasLines);

  if (cart.isPending) return <Spinner label="Loading your cart" />;
  if (cart.isError) return <ErrorBox error={cart.error} onRetry={() => void cart.refetch()} />;
  if (!hasLines) {
    return (
      <div className="rounded-box border border-dashed border-base-300 p-10 text-center">
        <p className="text-lg font-semibold">Your cart is empty.</p>
        <Link to={paths.parts.getHref()} className="btn btn-primary mt-6">
          Browse parts
        </Link>
      </div>
    );
  }
  if (quote.isPending) return <Spinner label="Working out your order" />;
  if (quote.isError) {
    // A method taken away meanwhile: start again from pickup.
    return (
      <ErrorBox
        error={quote.error}
        onRetry={() => {
          setMethod(PICKUP);
          void quote.refetch();
        }}
      />
    );
  }

  return (
    <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <div className="flex min-w-0 flex-col gap-8">
        <DeliveryMethods options={quote.data.deliveryOptions} value={method} onChange={setMethod} renderPickupDetails={renderPickupDetails} />
        {delivering ? (
          <section aria-labelledby="delivery-address-title">
            <h2 id="delivery-address-title" className="mb-3 text-lg font-semibold">
              Delivery address
            </h2>
            {renderAddressChooser({ value: addressId, onChange: setAddressId })}
          </section>
        ) : null}
      </div>
      <OrderSummary
        quote={quote.data}
        method={method}
        addressId={delivering ? addressId : null}
        priced={pricedMethod === method && !quote.isPlaceholderData && !quote.isFetching}
        onRefused={() => void cart.refetch()}
      />
    </div>
  );
}

type DeliveryMethodsProps = {
  options: DeliveryOption[];
  value: string;
  onChange: (id: string) => void;
  renderPickupDetails?: ((description: string) => ReactNode) | undefined;
};

function DeliveryMethods({ options, value, onChange, renderPickupDetails }: DeliveryMethodsProps) {
  const money = useMoney();
  return (
    <section aria-labelledby="delivery-method-title">
      <h2 id="delivery-method-title" className="mb-3 text-lg font-semibold">
        Delivery method
      </h2>
      <div role="radiogroup" aria-labelledby="delivery-method-title" className="grid gap-3">
        {options.map((option) => {
          const id = `delivery-${option.id}`;
          const checked = value === option.id;
          return (
            <label
              key={option.id}
              htmlFor={id}
              className={`flex cursor-pointer gap-3 rounded-box border p-4 transition-colors ${checked ? 'border-primary bg-primary/5' : 'border-base-300 hover:bg-base-200'}`}
            >
              <input
                id={id}
                type="radio"
                name="deliveryMethod"
                value={option.id}
                checked={checked}
                onChange={() => onChange(option.id)}
                aria-labelledby={`${id}-name ${id}-price`}
                aria-describedby={option.description || (option.id === PICKUP && renderPickupDetails) ? `${id}-description` : undefined}
                className="mt-1 h-4 w-4 shrink-0 accent-primary"
              />
              <span className="flex min-w-0 flex-1 flex-col gap-1">
                <span className="flex flex-wrap items-baseline justify-between gap-2">
                  <span id={`${id}-name`} className="font-semibold">
                    {option.name}
                  </span>
                  <span id={`${id}-price`} className="font-semibold">
                    {option.price === 0 ? 'Free' : money(option.price)}
                  </span>
                </span>
                {option.id === PICKUP && renderPickupDetails ? (
                  <span id={`${id}-description`} className="text-sm">
                    {renderPickupDetails(option.description)}
                  </span>
                ) : option.description ? (
                  <span id={`${id}-description`} className="text-sm text-base-content/75">
                    {option.description}
                  </span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
    </section>
  );
}

type OrderSummaryProps = {
  quote: CheckoutQuote;
  method: string;
  addressId: string | null;
  /** The figures are those of the method and address chosen, and current. */
  priced: boolean;
  onRefused: () => void;
};

function OrderSummary({ quote, method, addressId, priced, onRefused }: OrderSummaryProps) {
  const money = useMoney();
  const navigate = useNavigate();
  const placeOrder = usePlaceOrder();
  const [refusal, setRefusal] = useState<unknown>(null);
  const needsAddress = method !== PICKUP && addressId === null;
  const perLine = refusal instanceof ApiError ? lineErrors(refusal.fields) : new Map<number, string>();

  const place = () => {
    setRefusal(null);
    placeOrder.mutate(
      { deliveryMethod: method, ...(addressId ? { addressId } : {}), expectedTotal: quote.total },
      {
        onSuccess: (placed) => void navigate(paths.dashboard.payment.getHref(String(placed.booking?._id ?? placed.insertedId))),
        onError: (error) => {
          setRefusal(error);
          onRefused();
        },
      },
    );
  };

  return (
    <section aria-labelledby="order-summary-title" className="card border border-base-300 bg-base-100 shadow-sm lg:sticky lg:top-24">
      <div className="card-body gap-4">
        <h2 id="order-summary-title" className="card-title">
          Order summary
        </h2>
        <ul aria-label="Order lines" className="grid gap-3">
          {quote.lines.map((line, index) => (
            <li key={`${line.partId}-${index}`} className="flex flex-col gap-0.5 text-sm">
              <div className="flex justify-between gap-3">
                <span className="min-w-0 break-words">
                  {line.quantity} × {lineName(line)}
                </span>
                <span className="whitespace-nowrap font-medium">{money(line.lineTotal)}</span>
              </div>
              <LineProblem line={line} />
              {perLine.has(index) ? <p className="font-medium text-error">{perLine.get(index)}</p> : null}
            </li>
          ))}
        </ul>
        <dl className={`grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-2 border-t border-base-300 pt-3 ${priced ? '' : 'opacity-60'}`} aria-busy={!priced}>
          <dt className="text-base-content/70">Goods</dt>
          <dd className="text-right" data-testid="checkout-goods">
            {money(quote.price)}
          </dd>
          {needsAddress ? (
            <dd className="col-span-2 text-sm text-base-content/75">Choose a delivery address to see the delivery price, tax and total.</dd>
          ) : (
            <>
              <dt className="text-base-content/70">Shipping ({quote.deliveryMethod.name})</dt>
              <dd className="text-right" data-testid="checkout-shipping">
                {quote.shipping === 0 ? 'Free' : money(quote.shipping)}
              </dd>
              <dt className="text-base-content/70">{taxLabel(quote)}</dt>
              <dd className="text-right" data-testid="checkout-tax">
                {money(quote.tax)}
              </dd>
              <dt className="font-semibold">Total</dt>
              <dd className="text-right text-lg font-bold" data-testid="checkout-total">
                {money(quote.total)}
              </dd>
            </>
          )}
        </dl>
        {refusal ? (
          <p role="alert" className="text-sm font-medium text-error">
            {errorMessage(refusal)}
          </p>
        ) : null}
        {quote.ready ? null : (
          <p className="text-sm font-medium text-error">
            Some lines cannot be ordered as they are. <Link to={paths.cart.getHref()} className="link">Change them in your cart</Link>.
          </p>
        )}
        <button
          type="button"
          className="btn btn-primary btn-block"
          disabled={!quote.ready || needsAddress || !priced || placeOrder.isPending}
          onClick={place}
        >
          {placeOrder.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          Place order
        </button>
        <p className="text-xs text-base-content/75">You pay by card on the next page. The parts are held for you while you pay.</p>
      </div>
    </section>
  );
}

/** "Tax", or "Tax (CA sales tax, 7.25%)" when a rate applies. */
function taxLabel(quote: CheckoutQuote): string {
  if (!quote.taxName && !quote.taxRatePercent) return 'Tax';
  const rate = `${quote.taxRatePercent}%`;
  return quote.taxName ? `Tax (${quote.taxName}, ${rate})` : `Tax (${rate})`;
}
