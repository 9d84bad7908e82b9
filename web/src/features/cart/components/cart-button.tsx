import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { cartLabel } from '../lines';
import { useCartCount } from '../use-cart';

/**
 * The header's way to the cart, with how many units it holds. The count sits over the icon, so
 * the header does not move when it appears.
 */
export function CartButton({ onClick }: { onClick?: () => void }) {
  const count = useCartCount();
  return (
    <Link
      to={paths.cart.getHref()}
      aria-label={cartLabel(count)}
      title={cartLabel(count)}
      className="btn btn-square btn-ghost relative text-white hover:bg-white/10"
      onClick={onClick}
    >
      <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d="M3 4h2l2.4 11.2a1 1 0 001 .8h8.9a1 1 0 001-.8L20 8H6.2" />
        <circle cx="9" cy="20" r="1.3" />
        <circle cx="17" cy="20" r="1.3" />
      </svg>
      {count > 0 ? (
        <span aria-hidden="true" className="badge badge-primary badge-sm absolute -right-1 -top-1 min-w-5 px-1 font-bold">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}
