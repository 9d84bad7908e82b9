import { useId, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { LogoMark } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { CartButton } from '@/features/cart/components/cart-button';
import { useSignOut, useUser } from '@/lib/auth';
import { DEFAULT_SHOP_NAME, useConfig } from '@/lib/config';
import { VehicleBar } from './vehicle-bar';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-field px-3 py-2 text-sm font-semibold transition-colors hover:bg-white/10 ${
    isActive ? 'bg-white/15 text-white' : 'text-neutral-content/90'
  }`;

/** The shop's header: its name from /api/config, the site's navigation and the cart. */
export function Header() {
  const config = useConfig();
  const user = useUser();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const shopName = config.data?.shopName ?? DEFAULT_SHOP_NAME;
  const signedIn = Boolean(user.data);

  const onSignOut = () => {
    setOpen(false);
    signOut();
    void navigate(paths.home.getHref());
  };

  const links = (
    <>
      <li>
        <NavLink to={paths.home.getHref()} end className={linkClass} onClick={() => setOpen(false)}>
          Home
        </NavLink>
      </li>
      <li>
        <NavLink to={paths.parts.getHref()} className={linkClass} onClick={() => setOpen(false)}>
          Parts
        </NavLink>
      </li>
      <li>
        <NavLink to={paths.blogs.getHref()} className={linkClass} onClick={() => setOpen(false)}>
          Blogs
        </NavLink>
      </li>
      <li>
        <NavLink to={paths.about.getHref()} className={linkClass} onClick={() => setOpen(false)}>
          My Portfolio
        </NavLink>
      </li>
      {signedIn ? (
        <li>
          <NavLink to={paths.dashboard.root.getHref()} className={linkClass} onClick={() => setOpen(false)}>
            Dashboard
          </NavLink>
        </li>
      ) : null}
      <li>
        {user.isPending ? (
          <span className="inline-block h-9 w-20 animate-pulse rounded-field bg-white/10" aria-hidden="true" />
        ) : signedIn ? (
          <button type="button" className="btn btn-sm btn-outline border-white/40 text-white hover:bg-white hover:text-neutral" onClick={onSignOut}>
            Sign Out
          </button>
        ) : (
          <NavLink to={paths.login.getHref()} className="btn btn-sm btn-primary" onClick={() => setOpen(false)}>
            Login
          </NavLink>
        )}
      </li>
    </>
  );

  return (
    <header className="sticky top-0 z-40 bg-neutral text-neutral-content shadow-md print:hidden">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-base-100 focus:px-3 focus:py-2 focus:text-base-content">
        Skip to content
      </a>
      <div className="mx-auto flex h-14 max-w-7xl items-center justify-between gap-4 px-4 sm:h-16 sm:px-6">
        <Link to={paths.home.getHref()} className="flex items-center gap-2.5 text-lg font-extrabold tracking-tight text-white">
          <LogoMark />
          <span>{shopName}</span>
        </Link>
        <div className="flex items-center gap-1">
          <nav aria-label="Main" className="hidden md:block">
            <ul className="flex items-center gap-1">{links}</ul>
          </nav>
          <CartButton onClick={() => setOpen(false)} />
          <button
            type="button"
            className="btn btn-square btn-ghost text-white md:hidden"
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={open ? 'Close menu' : 'Open menu'}
            onClick={() => setOpen((value) => !value)}
          >
            <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
        </div>
      </div>
      {open ? (
        <nav id={menuId} aria-label="Main" className="border-t border-white/10 md:hidden">
          <ul className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3 [&_a:not(.btn)]:block">{links}</ul>
        </nav>
      ) : null}
      <VehicleBar />
    </header>
  );
}
