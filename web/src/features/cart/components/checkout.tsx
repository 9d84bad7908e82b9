import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useMoney } from '@/lib/config';
import type { CheckoutQuote, CheckoutRequest, DeliveryOption } from '../api-types';
import { usePlaceOrder } from '../api/checkout';
import { useServerCart } from '../api/get-cart';
import { lineErrors, lineName } from '../lines';
import { PICKUP, useCheckoutChoices, type AddressChoice } from '../use-checkout-choices';
import { LineDeposit } from './line-deposit';
import { LineProblem } from './line-problem';

export type { AddressChoice };

type CheckoutProps = {
  /** The buyer's addresses to choose from, with a way to add one (the address book's). */
  renderAddressChooser: (choice: AddressChoice) => ReactNode;
  /** Counter pickup's details, where the trade counter is, in place of the option's own description (until they load). */
  renderPickupDetails?: (description: string) => ReactNode;
  /** Under each line: whether its part is listed for the buyer's vehicle. */
  renderLineNote?: (partId: string) => ReactNode;
  /** Under Place order: the shop's return terms. */
  terms?: ReactNode;
};

/**
 * Checkout: how the order travels (counter pickup, or a delivery method to one of the buyer's
 * addresses), what it costs (goods, delivery, tax, core deposits and total, as the shop works them
 * out), and Place order, which orders the whole cart for that total and goes on to pay for it by card.
 */
export function Checkout({ renderAddressChooser, renderPickupDetails, renderLineNote, terms }: CheckoutProps) {
  const cart = useServerCart(true);
  const hasLines = (cart.data?.lines.length ?? 0) > 0;
  const choices = useCheckoutChoices(undefined, hasLines);
  const { quote } = choices;

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
          choices.reset();
          void quote.refetch();
        }}
      />
    );
  }

  return (
    <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <div className="flex min-w-0 flex-col gap-8">
        <DeliveryMethods options={quote.data.deliveryOptions} value={choices.method} onChange={choices.setMethod} renderPickupDetails={renderPickupDetails} />
        {choices.delivering ? (
          <section aria-labelledby="delivery-address-title">
            <h2 id="delivery-address-title" className="mb-3 text-lg font-semibold">
              Delivery address
            </h2>
            {renderAddressChooser(choices.addressChoice)}
          </section>
        ) : null}
      </div>
      <OrderSummary
        quote={quote.data}
        request={choices.request(quote.data.total)}
        needsAddress={choices.needsAddress}
        priced={choices.priced}
        onRefused={() => void cart.refetch()}
        renderLineNote={renderLineNote}
        terms={terms}
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

/** The delivery options as radio buttons, counter pickup first with where the counter is. */
export function DeliveryMethods({ options, value, onChange, renderPickupDetails }: DeliveryMethodsProps) {
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
                aria-describedby={
                  option.description || option.regions.length > 0 || (option.id === PICKUP && renderPickupDetails) ? `${id}-description` : undefined
                }
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
                ) : option.description || option.regions.length > 0 ? (
                  <span id={`${id}-description`} className="text-sm text-base-content/75">
                    {option.description}
                    {option.regions.length > 0 ? (
                      <span className="block">Delivers only to {option.regions.join(', ')}</span>
                    ) : null}
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
  /** The order Place order places. */
  request: CheckoutRequest;
  needsAddress: boolean;
  /** The figures are those of the method and address chosen, and current. */
  priced: boolean;
  onRefused: () => void;
  renderLineNote?: ((partId: string) => ReactNode) | undefined;
  terms?: ReactNode;
};

function OrderSummary({ quote, request, needsAddress, priced, onRefused, renderLineNote, terms }: OrderSummaryProps) {
  const navigate = useNavigate();
  const placeOrder = usePlaceOrder();
  const [refusal, setRefusal] = useState<unknown>(null);
  const perLine = refusal instanceof ApiError ? lineErrors(refusal.fields) : new Map<number, string>();

  const place = () => {
    setRefusal(null);
    placeOrder.mutate(request, {
      onSuccess: (placed) => void navigate(paths.dashboard.payment.getHref(String(placed.booking?._id ?? placed.insertedId))),
      onError: (error) => {
        setRefusal(error);
        onRefused();
      },
    });
  };

  return (
    <section aria-labelledby="order-summary-title" className="card border border-base-300 bg-base-100 shadow-sm lg:sticky lg:top-24">
      <div className="card-body gap-4">
        <h2 id="order-summary-title" className="card-title">
          Order summary
        </h2>
        <OrderLines quote={quote} perLine={perLine} renderLineNote={renderLineNote} />
        <OrderFigures quote={quote} needsAddress={needsAddress} priced={priced} />
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
        {terms}
      </div>
    </section>
  );
}

/** The order's lines as the shop priced them, each with what stops it, and a refusal naming it. */
type OrderLinesProps = {
  quote: CheckoutQuote;
  perLine?: Map<number, string>;
  renderLineNote?: ((partId: string) => ReactNode) | undefined;
};

export function OrderLines({ quote, perLine, renderLineNote }: OrderLinesProps) {
  const money = useMoney();
  return (
    <ul aria-label="Order lines" className="grid gap-3">
      {quote.lines.map((line, index) => (
        <li key={`${line.partId}-${index}`} className="flex flex-col gap-0.5 text-sm">
          <div className="flex justify-between gap-3">
            <span className="min-w-0 break-words">
              {line.quantity} × {lineName(line)}
            </span>
            <span className="whitespace-nowrap font-medium">{money(line.lineTotal)}</span>
          </div>
          {line.problem !== 'deleted' ? <LineDeposit line={line} className="text-xs" /> : null}
          <LineProblem line={line} />
          {renderLineNote?.(String(line.partId))}
          {perLine?.has(index) ? <p className="font-medium text-error">{perLine.get(index)}</p> : null}
        </li>
      ))}
    </ul>
  );
}

type OrderFiguresProps = { quote: CheckoutQuote; needsAddress: boolean; priced: boolean };

/**
 * Goods, shipping, tax, core deposits and total, as the shop works them out; only the goods (and
 * deposits) until a delivery has its address.
 */
export function OrderFigures({ quote, needsAddress, priced }: OrderFiguresProps) {
  const money = useMoney();
  // The deposits of parts with a core charge: known without an address, untaxed, part of the total.
  const deposits =
    quote.coreCharges > 0 ? (
      <>
        <dt className="text-base-content/70">Core deposits</dt>
        <dd className="text-right" data-testid="checkout-core-charges">
          {money(quote.coreCharges)}
        </dd>
        <dd className="col-span-2 text-xs text-base-content/75">Refunded when you return your old parts; not taxed.</dd>
      </>
    ) : null;
  return (
    // Dimmed only while new figures are on their way; waiting for an address is said in words.
    <dl
      className={`grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-2 border-t border-base-300 pt-3 ${priced || needsAddress ? '' : 'opacity-60'}`}
      aria-busy={!priced && !needsAddress}
    >
      <dt className="text-base-content/70">Goods</dt>
      <dd className="text-right" data-testid="checkout-goods">
        {money(quote.price)}
      </dd>
      {needsAddress ? (
        <>
          {deposits}
          <dd className="col-span-2 text-sm text-base-content/75">Choose a delivery address to see the delivery price, tax and total.</dd>
        </>
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
          {deposits}
          <dt className="font-semibold">Total</dt>
          <dd className="text-right text-lg font-bold" data-testid="checkout-total">
            {money(quote.total)}
          </dd>
        </>
      )}
    </dl>
  );
}

/** "Tax", or "Tax (CA sales tax, 7.25%)" when a rate applies. */
function taxLabel(quote: CheckoutQuote): string {
  if (!quote.taxName && !quote.taxRatePercent) return 'Tax';
  const rate = `${quote.taxRatePercent}%`;
  return quote.taxName ? `Tax (${quote.taxName}, ${rate})` : `Tax (${rate})`;
}
