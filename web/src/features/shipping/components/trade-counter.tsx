import type { Counter } from '@/features/cart/api-types';
import { addressLines } from '@/lib/address';
import { useShippingInfo } from '../api/get-shipping-info';

/**
 * The home page's trade counter, from the shop's public delivery answer. The page is prerendered
 * without it: it is asked for once the page is up, in a box that keeps its size meanwhile, so
 * nothing on the page moves when it comes.
 */
export function TradeCounter() {
  const info = useShippingInfo();
  const counter = info.data?.counter;
  return (
    <section aria-labelledby="trade-counter-title" className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm sm:p-8">
      <div className="grid gap-6 md:grid-cols-[14rem_minmax(0,1fr)]">
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-primary">Collect it yourself</p>
          <h2 id="trade-counter-title" className="text-2xl font-bold">
            Trade counter
          </h2>
          <p className="mt-1 text-sm text-base-content/75">Order online, pick up free at the counter.</p>
        </div>
        {/* Three columns of up to five lines each, the same height loading or loaded. */}
        <div className="grid min-h-[7.5rem] gap-4 text-sm sm:grid-cols-3" aria-busy={counter === undefined}>
          {counter ? <CounterColumns counter={counter} /> : info.isError ? <p>Ask us for directions to the counter.</p> : <Placeholder />}
        </div>
      </div>
    </section>
  );
}

function CounterColumns({ counter }: { counter: Counter }) {
  const lines = addressLines(counter);
  return (
    <>
      <div>
        <h3 className="font-semibold">{counter.name}</h3>
        <address className="not-italic text-base-content/85">
          {lines.length > 0 ? lines.map((line) => <span key={line} className="block">{line}</span>) : 'Address on request'}
        </address>
      </div>
      <div>
        <h3 className="font-semibold">Opening hours</h3>
        <p className="whitespace-pre-line text-base-content/85">{counter.hours || 'Ask us'}</p>
      </div>
      <div>
        <h3 className="font-semibold">Phone</h3>
        <p className="text-base-content/85">{counter.phone || '—'}</p>
      </div>
    </>
  );
}

function Placeholder() {
  return (
    <>
      {[0, 1, 2].map((column) => (
        <div key={column} className="flex animate-pulse flex-col gap-2" aria-hidden="true">
          <div className="h-5 w-2/3 rounded bg-base-200" />
          <div className="h-4 w-5/6 rounded bg-base-200" />
          <div className="h-4 w-1/2 rounded bg-base-200" />
        </div>
      ))}
      <span className="sr-only">Loading the trade counter</span>
    </>
  );
}
