import { paths } from '@/config/paths';

/** Shown when a page fails to load or crashes, for example after the shop was updated. */
export function RouteError({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : 'Unknown error';

  return (
    <main className="flex min-h-screen items-center justify-center bg-base-200 p-6">
      <div role="alert" className="card w-full max-w-lg bg-base-100 shadow-lg">
        <div className="card-body">
          <h1 className="card-title text-2xl">Something went wrong</h1>
          <p>This page could not be shown. Reloading usually helps; if it keeps happening, please try again later.</p>
          <p className="break-words rounded-box bg-base-200 p-3 font-mono text-sm">{message}</p>
          <div className="card-actions justify-end">
            <a href={paths.home.getHref()} className="btn btn-ghost">
              Home
            </a>
            <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
              Reload
            </button>
          </div>
        </div>
      </div>
    </main>
  );
}
