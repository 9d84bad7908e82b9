import { Link } from 'react-router';
import { PageTitle } from '@/components/ui/page-title';
import { paths } from '@/config/paths';
import { AddressChooser } from '@/features/addresses/components/address-chooser';
import { Checkout } from '@/features/cart/components/checkout';
import { PartFitNote } from '@/features/parts/components/part-fit-note';
import { PolicySentence } from '@/features/returns/components/return-parts';
import { CounterAddress } from '@/features/shipping/components/counter-address';

/** /checkout: delivery, address and the order's figures, then Place order and on to pay by card. */
export default function CheckoutRoute() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <PageTitle title="Checkout" />
      <nav aria-label="Breadcrumb" className="breadcrumbs mb-4 text-sm">
        <ul>
          <li>
            <Link to={paths.cart.getHref()}>Cart</Link>
          </li>
          <li aria-current="page">Checkout</li>
        </ul>
      </nav>
      <h1 className="mb-6 text-3xl font-bold">Checkout</h1>
      <Checkout
        renderAddressChooser={(choice) => <AddressChooser {...choice} />}
        renderPickupDetails={(description) => <CounterAddress fallback={description} />}
        renderLineNote={(partId) => <PartFitNote partId={partId} />}
        terms={<PolicySentence className="text-xs text-base-content/75" />}
      />
    </div>
  );
}
