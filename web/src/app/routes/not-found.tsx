import { Link } from 'react-router';
import { PageTitle } from '@/components/ui/page-title';
import { paths } from '@/config/paths';

/** Any other path: a full-screen background image with a way back. */
export default function NotFoundRoute() {
  return (
    <main
      className="relative flex min-h-screen items-center justify-center bg-neutral bg-cover bg-center px-4 text-center"
      style={{ backgroundImage: 'url(/not-found.svg)' }}
    >
      <PageTitle title="Page not found" />
      <div className="absolute inset-0 bg-black/30" aria-hidden="true" />
      <div className="relative max-w-xl -translate-y-16 rounded-box bg-black/45 p-8 text-white backdrop-blur-sm">
        <p className="text-7xl font-extrabold tracking-tight text-orange-400">404</p>
        <h1 className="mt-2 text-3xl font-bold">Road closed</h1>
        <p className="mt-3 text-lg text-white/90">
          The page you are looking for does not exist or has moved. Let us get you back on the road.
        </p>
        <Link to={paths.home.getHref()} className="btn btn-primary btn-lg mt-6">
          Back to the shop
        </Link>
      </div>
    </main>
  );
}
