import { PageHeading } from '@/components/ui/page-heading';
import { PageTitle } from '@/components/ui/page-title';
import { CounterForm } from '@/features/shipping/components/counter-form';
import { ShippingMethodsAdmin } from '@/features/shipping/components/shipping-methods-admin';

/** Shipping: the delivery methods buyers choose from at checkout, and the trade counter. */
export default function ShippingRoute() {
  return (
    <>
      <PageTitle title="Shipping" />
      <PageHeading title="Shipping">How orders travel: delivery methods and their prices, and the trade counter for pickup.</PageHeading>
      <section aria-labelledby="delivery-methods-title" className="mb-10">
        <h2 id="delivery-methods-title" className="mb-4 text-lg font-semibold">
          Delivery methods
        </h2>
        <ShippingMethodsAdmin />
      </section>
      <section aria-labelledby="trade-counter-admin-title">
        <h2 id="trade-counter-admin-title" className="mb-1 text-lg font-semibold">
          Trade counter
        </h2>
        <p className="mb-4 text-sm text-base-content/75">Counter pickup is always free. Its address shows on the home page and at checkout.</p>
        <CounterForm />
      </section>
    </>
  );
}
