import { useNavigate } from 'react-router';
import { PageTitle } from '@/components/ui/page-title';
import { paths } from '@/config/paths';
import { CartPage } from '@/features/cart/components/cart-page';
import { PartFitNote } from '@/features/parts/components/part-fit-note';
import { loginFor } from '../return-path';

/** What a visitor is asked to log in (or sign up) for on the way to checkout. */
const CHECKOUT_PURPOSE = 'to check out. Your cart comes with you, and you come back to checkout.';

/** /cart: the cart, for visitors and signed-in buyers alike; Checkout asks a visitor to log in first. */
export default function CartRoute() {
  const navigate = useNavigate();
  const onCheckout = (signedIn: boolean) => {
    if (signedIn) void navigate(paths.checkout.getHref());
    else void navigate(paths.login.getHref(), { state: loginFor(paths.checkout.getHref(), CHECKOUT_PURPOSE) });
  };
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <PageTitle title="Cart" />
      <h1 className="mb-6 text-3xl font-bold">Your cart</h1>
      <CartPage onCheckout={onCheckout} renderLineNote={(partId) => <PartFitNote partId={partId} />} />
    </div>
  );
}
