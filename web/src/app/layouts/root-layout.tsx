import { Suspense, useState } from 'react';
import { lazy } from '@/lib/lazy';
import { Outlet } from 'react-router';
import { PageTitle } from '@/components/ui/page-title';
import { useUser } from '@/lib/auth';
import { Footer } from './footer';
import { Header } from './header';
import { usePageLoading } from '@/app/lazy-page';
import { scrollKey } from './scroll-key';
import { useScrollRestoration } from './scroll-restoration';

/** A thin bar at the top while the next page's code loads. */
function NavigationProgress() {
  if (!usePageLoading()) return null;
  return (
    <div className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-primary/20" aria-hidden="true">
      <div className="h-full w-1/3 animate-pulse bg-primary" />
    </div>
  );
}

// Fetched only for a signed-in user whose address is not verified: the home page's bundle stays as it was.
const VerifyEmailBanner = lazy(() => import('@/features/auth/components/verify-email-banner'));

/**
 * The "verify your e-mail" reminder, for a signed-in user whose `emailVerified` is false, until hidden.
 * It comes last in the page and sticks to the foot of the window: it appears only once `/api/me` has
 * answered, and above the page it would push down what the visitor is already reading. At the end of
 * the page it moves nothing, and once scrolled to the bottom it sits below the footer, hiding none of it.
 */
function VerifyEmailReminder() {
  const user = useUser();
  const [hiddenFor, setHiddenFor] = useState<string | null>(null);
  const email = user.data?.emailVerified === false ? user.data.email : null;
  if (!email || hiddenFor === email) return null;
  return (
    <Suspense fallback={null}>
      <VerifyEmailBanner email={email} onDismiss={() => setHiddenFor(email)} />
    </Suspense>
  );
}

/** Every shop page: header, the page, footer. */
export function RootLayout() {
  useScrollRestoration(scrollKey);
  return (
    <div className="flex min-h-screen flex-col">
      <PageTitle />
      <NavigationProgress />
      <Header />
      {/* At least a screen tall below the 4rem header: the footer starts below the fold, so a page
          whose data or pictures are still on their way never pushes a visible footer down. A page
          that is one grey panel (sign-in, dashboard, blogs) stays grey down to the footer. */}
      <main
        id="main"
        className="min-h-[calc(100vh-4rem)] flex-1 has-[>.bg-base-200:only-child]:bg-base-200"
        tabIndex={-1}
      >
        <Outlet />
      </main>
      <Footer />
      <div className="sticky bottom-0 z-40 print:hidden">
        <VerifyEmailReminder />
      </div>
    </div>
  );
}
