import { useId, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { SearchWords } from '@/components/ui/search-words';

/**
 * The home page's opening: what the shop is, a search of the catalogue, the buyer's vehicle
 * (`vehicle`, the catalogue's picker, which the page brings) and "Get Started" down to the parts.
 */
export function Hero({
  shopName,
  vehicle,
  returns = { title: 'Easy returns', text: 'Wrong fit? Send it back.' },
}: {
  shopName: string;
  vehicle?: ReactNode;
  /** The return promise, as the shop's return policy stands. */
  returns?: { title: string; text: string };
}) {
  return (
    <section className="relative overflow-hidden bg-neutral text-neutral-content" aria-labelledby="hero-title">
      <div
        aria-hidden="true"
        className="absolute inset-0 opacity-60"
        style={{
          backgroundImage:
            'radial-gradient(circle at 85% 20%, rgba(234,88,12,0.45), transparent 45%), radial-gradient(circle at 10% 90%, rgba(245,158,11,0.25), transparent 40%)',
        }}
      />
      <svg aria-hidden="true" viewBox="0 0 200 200" className="absolute -right-16 -top-10 h-96 w-96 text-white/5 sm:h-[32rem] sm:w-[32rem]">
        <path
          fill="currentColor"
          d="M100 20l13 19 23-5 5 23 19 13-10 21 10 21-19 13-5 23-23-5-13 19-13-19-23 5-5-23-19-13 10-21-10-21 19-13 5-23 23 5zm0 50a30 30 0 100 60 30 30 0 000-60z"
        />
      </svg>
      <div className="relative mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[1.2fr_1fr]">
        <div>
          <p className="mb-4 inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-xs font-semibold uppercase tracking-widest text-amber-300">
            Trade prices · shipped in 24 hours
          </p>
          <h1 id="hero-title" className="text-4xl font-extrabold leading-tight text-white sm:text-5xl lg:text-6xl">
            The right part, <span className="text-orange-400">first time.</span>
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-neutral-content/85">
            {shopName} supplies workshops and home mechanics with filters, brakes, belts and electrics from
            makers we trust. Order by the box at trade prices and follow every order from your dashboard.
          </p>
          <HeroSearch />
          <div className="mt-6 flex flex-wrap gap-3">
            <a href="#available-parts" className="btn btn-primary btn-lg">
              Get Started
            </a>
            <a href="#contact" className="btn btn-lg btn-outline border-white/40 text-white hover:bg-white hover:text-neutral">
              Talk to us
            </a>
          </div>
        </div>
        <section aria-labelledby="hero-vehicle" className="rounded-box bg-base-100 p-5 text-base-content shadow-lg sm:p-6">
          <h2 id="hero-vehicle" className="mb-3 text-xl font-bold">
            Parts for your vehicle
          </h2>
          {vehicle}
        </section>
        <ul className="grid grid-cols-2 gap-3 text-sm sm:gap-4 lg:col-span-2 lg:grid-cols-4" aria-label="Why buy here">
          {[
            ['Genuine brands', 'OEM and OE-quality parts only, with maker warranties.'],
            [returns.title, returns.text],
            ['Bulk pricing', 'Minimum orders keep trade prices low.'],
            ['Secure payment', 'Pay by card once you are ready.'],
          ].map(([title, text]) => (
            <li key={title} className="rounded-box border border-white/10 bg-white/5 p-4 backdrop-blur">
              <p className="font-bold text-white">{title}</p>
              <p className="mt-1 text-neutral-content/80">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/**
 * "Search parts": the catalogue's search (`/parts?q=…`). A plain form too, so it works before the
 * page's script has started.
 */
function HeroSearch() {
  const id = useId();
  const navigate = useNavigate();
  return (
    <form
      role="search"
      action={paths.parts.getHref()}
      method="get"
      className="mt-8 max-w-xl"
      onSubmit={(event) => {
        event.preventDefault();
        const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
        void navigate(paths.parts.getHref(q ? `?${new URLSearchParams({ q })}` : ''));
      }}
    >
      <label htmlFor={id} className="mb-2 block text-sm font-semibold text-white">
        Search parts
      </label>
      <SearchWords id={id} large />
    </form>
  );
}
