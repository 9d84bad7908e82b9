import type { ReactNode } from 'react';

/** The centred card that holds the login and sign-up forms. */
export function AuthCard({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <div className="min-h-[75vh] bg-base-200 px-4 py-10 sm:py-16">
      <div className="card mx-auto w-full max-w-md bg-base-100 shadow-lg">
        <div className="card-body gap-5 p-6 sm:p-8">
          <div>
            <h1 className="text-2xl font-bold">{title}</h1>
            <p className="mt-1 text-sm text-base-content/75">{intro}</p>
          </div>
          {children}
        </div>
      </div>
    </div>
  );
}
