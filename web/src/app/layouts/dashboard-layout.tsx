import { NavLink, Outlet } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useIsAdmin, useSignedInUser } from '@/lib/auth';

type MenuItem = { label: string; to: string; icon: string };

const d = paths.dashboard;

// Small stroke icons (24×24 paths), so the menu needs no icon library.
const ICONS = {
  orders: 'M3 7h18M3 12h18M3 17h12',
  review: 'M12 3l2.6 5.6 6.1.7-4.5 4.2 1.2 6L12 16.6 6.6 19.5l1.2-6L3.3 9.3l6.1-.7z',
  profile: 'M12 12a4 4 0 100-8 4 4 0 000 8zm-7 9a7 7 0 0114 0',
  users: 'M9 11a4 4 0 100-8 4 4 0 000 8zm-7 10a7 7 0 0114 0m3-10a3 3 0 100-6m2 16a6 6 0 00-3-5',
  addPart: 'M12 5v14M5 12h14',
  manageParts: 'M4 6h16M4 12h16M4 18h16M8 4v4M16 10v4M10 16v4',
  manageOrders: 'M3 7l9-4 9 4-9 4zm0 0v10l9 4 9-4V7M12 11v10',
  shipping: 'M3 6h11v10H3zm11 4h4l3 3v3h-7M7 19a2 2 0 100-4 2 2 0 000 4zm11 0a2 2 0 100-4 2 2 0 000 4',
  sales: 'M4 20V10m6 10V4m6 16v-7m6 7H2',
  catalogue: 'M12 3v12m0 0l-4-4m4 4l4-4M4 17v3h16v-3',
  audit: 'M9 4h6v3H9zM6 5h3m6 0h3v16H6V5m3 6h6m-6 4h6',
  messages: 'M4 5h16v14H4zM4 6l8 7 8-7',
  returns: 'M9 14L4 9l5-5M4 9h11a5 5 0 010 10h-3',
  tax: 'M19 5L5 19M7.5 9a1.5 1.5 0 100-3 1.5 1.5 0 000 3zm9 9a1.5 1.5 0 100-3 1.5 1.5 0 000 3',
};

/**
 * The dashboard menu: buyers get My Orders, My Returns and Add A Review; admins the admin pages
 * (Returns among them) and My Orders and My Returns (the orders they placed themselves, and what
 * they sent back, docs/decisions.md, D30); everyone My Profile.
 */
function menuFor(isAdmin: boolean): MenuItem[] {
  const profile = { label: 'My Profile', to: d.profile.getHref(), icon: ICONS.profile };
  const myOrders = { label: 'My Orders', to: d.orders.getHref(), icon: ICONS.orders };
  const myReturns = { label: 'My Returns', to: d.returns.getHref(), icon: ICONS.returns };
  if (isAdmin) {
    return [
      { label: 'All Users', to: d.users.getHref(), icon: ICONS.users },
      { label: 'Add A New Part', to: d.addPart.getHref(), icon: ICONS.addPart },
      { label: 'Manage Parts', to: d.manageParts.getHref(), icon: ICONS.manageParts },
      { label: 'Manage Orders', to: d.manageOrders.getHref(), icon: ICONS.manageOrders },
      { label: 'Returns', to: d.manageReturns.getHref(), icon: ICONS.returns },
      myOrders,
      myReturns,
      profile,
    ];
  }
  return [
    myOrders,
    myReturns,
    { label: 'Add A Review', to: d.review.getHref(), icon: ICONS.review },
    profile,
  ];
}

/** The admins' second menu, under the first: how the shop delivers and taxes. */
const SETTINGS: MenuItem[] = [
  { label: 'Shipping', to: d.shipping.getHref(), icon: ICONS.shipping },
  { label: 'Tax', to: d.tax.getHref(), icon: ICONS.tax },
];

/** The admins' third menu: how the shop is doing, the catalogue as a file, and who changed what. */
const RECORDS: MenuItem[] = [
  { label: 'Sales', to: d.sales.getHref(), icon: ICONS.sales },
  { label: 'Import / Export', to: d.catalogue.getHref(), icon: ICONS.catalogue },
  { label: 'Audit Log', to: d.audit.getHref(), icon: ICONS.audit },
  { label: 'Messages', to: d.messages.getHref(), icon: ICONS.messages },
];

function Menu({ label, items }: { label: string; items: MenuItem[] }) {
  return (
    <nav aria-label={label} className="rounded-box bg-base-100 p-2 shadow-sm">
      {/* On phones a strip that scrolls sideways, one row high, so the page starts near the top. */}
      <ul className="flex gap-1 overflow-x-auto lg:flex-col lg:overflow-visible">
        {items.map((item) => (
          <li key={item.to} className="shrink-0">
            <NavLink
              to={item.to}
              className={({ isActive }) =>
                `flex items-center gap-3 whitespace-nowrap rounded-field px-3 py-2.5 text-sm font-semibold transition-colors ${
                  isActive ? 'bg-primary text-primary-content' : 'hover:bg-base-200'
                }`
              }
            >
              <svg viewBox="0 0 24 24" className="h-5 w-5 shrink-0" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
                <path d={item.icon} />
              </svg>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The dashboard: a side menu (a scrolling bar on phones) and the chosen page beside it. */
export default function DashboardLayout() {
  const user = useSignedInUser();
  const admin = useIsAdmin(user.email);

  if (admin.isError) return <ErrorBox error={admin.error} onRetry={() => void admin.refetch()} />;
  if (admin.data === undefined) return <PageSpinner />;

  return (
    <div className="bg-base-200 print:bg-transparent">
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-6 sm:px-6 lg:grid-cols-[15rem_minmax(0,1fr)] lg:py-10 print:block print:p-0">
        <aside className="lg:sticky lg:top-24 lg:self-start print:hidden">
          <div className="mb-3 hidden rounded-box bg-base-100 p-4 shadow-sm lg:block">
            <p className="text-xs font-semibold uppercase tracking-wider text-base-content/70">
              {admin.data ? 'Admin' : 'Signed in as'}
            </p>
            <p className="truncate font-bold">{user.name}</p>
            <p className="truncate text-sm text-base-content/75">{user.email}</p>
          </div>
          <Menu label="Dashboard" items={menuFor(admin.data)} />
          {admin.data ? (
            <div className="mt-2 lg:mt-3">
              <p className="mb-1 hidden px-1 text-xs font-semibold uppercase tracking-wider text-base-content/70 lg:block" aria-hidden="true">
                Shop settings
              </p>
              <Menu label="Shop settings" items={SETTINGS} />
              <div className="h-2 lg:hidden" />
              <p className="mb-1 mt-3 hidden px-1 text-xs font-semibold uppercase tracking-wider text-base-content/70 lg:block" aria-hidden="true">
                Shop records
              </p>
              <Menu label="Shop records" items={RECORDS} />
            </div>
          ) : null}
        </aside>
        <section className="min-w-0 rounded-box bg-base-100 p-4 shadow-sm sm:p-8 print:p-0 print:shadow-none">
          <Outlet />
        </section>
      </div>
    </div>
  );
}
