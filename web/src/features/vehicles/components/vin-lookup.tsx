import { useId, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { formatVehicle, type Vehicle } from '@/lib/vehicle';
import { useVinLookup } from '../api/lookup-vin';
import { vinVehicle } from '../garage';
import type { VinVehicle } from '../types';

type VinLookupProps = {
  /** What choosing the decoded vehicle does: the catalogue shows its parts, My Garage adds it. */
  onUse: (vehicle: Vehicle) => void;
  /** The words of the button that chooses it. */
  actionLabel?: string;
  /** True while what `onUse` started is under way. */
  busy?: boolean;
  /** The level of the decoded vehicle's heading, by where the box sits in the page's outline (3). */
  headingLevel?: 2 | 3;
};

/**
 * A VIN instead of year, make and model: the shop checks and decodes it (D24) and the box shows
 * the vehicle, or the shop's reason for refusing it, in its own words.
 */
export function VinLookup({ onUse, actionLabel = 'Use this vehicle', busy = false, headingLevel = 3 }: VinLookupProps) {
  const id = useId();
  const [vin, setVin] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const lookup = useVinLookup(vin);
  const problem = missing ? 'Enter the 17 characters of your VIN' : lookup.isError ? errorMessage(lookup.error) : null;

  return (
    <div className="flex flex-col gap-2">
      <form
        className="flex flex-col gap-1"
        aria-label="Find your vehicle by VIN"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const typed = String(new FormData(event.currentTarget).get('vin') ?? '').trim().toUpperCase();
          setMissing(typed === '');
          setVin(typed === '' ? null : typed);
        }}
      >
        <label htmlFor={`${id}-vin`} className="text-sm font-semibold">
          Or enter your VIN
        </label>
        <div className="join w-full">
          <input
            id={`${id}-vin`}
            name="vin"
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            placeholder="17 letters and digits"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : `${id}-hint`}
            className={`input input-bordered join-item w-full min-w-0 font-mono uppercase placeholder:font-sans placeholder:normal-case ${problem ? 'input-error' : ''}`}
          />
          <button type="submit" className="btn btn-outline join-item" disabled={lookup.isFetching}>
            Look up
          </button>
        </div>
        {problem ? (
          <p id={`${id}-problem`} className="text-sm font-medium text-error" role="alert">
            {problem}
          </p>
        ) : (
          <p id={`${id}-hint`} className="text-xs text-base-content/70">
            On the windscreen's lower corner or the driver's door pillar.
          </p>
        )}
      </form>
      <div aria-live="polite">
        {lookup.isFetching ? <p className="text-sm text-base-content/75">Looking up {vin}…</p> : null}
        {lookup.data && !lookup.isFetching ? (
          <DecodedVehicle
            decoded={lookup.data}
            actionLabel={actionLabel}
            busy={busy}
            headingLevel={headingLevel}
            onUse={() => {
              onUse(vinVehicle(lookup.data));
              setVin(null);
            }}
          />
        ) : null}
      </div>
    </div>
  );
}

/** Brings the element into view as it appears, moving the page no more than that needs. */
const scrollIntoViewOnMount = (element: HTMLElement | null) => element?.scrollIntoView?.({ block: 'nearest' });

type DecodedVehicleProps = { decoded: VinVehicle; actionLabel: string; busy: boolean; onUse: () => void; headingLevel: 2 | 3 };

function DecodedVehicle({ decoded, actionLabel, busy, onUse, headingLevel }: DecodedVehicleProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = useId();
  const name = `${decoded.year} ${decoded.make} ${decoded.model}`;
  const catalogue = decoded.catalogueVehicle;
  // The catalogue may know the vehicle by another name (a BMW 328i is its 3 Series).
  const catalogueName = catalogue ? formatVehicle(catalogue) : null;
  const engine = [decoded.engine, decoded.engineCode ? `(${decoded.engineCode})` : null].filter(Boolean).join(' ');
  return (
    // It appears under the VIN box, often at the foot of the window: it scrolls into view, Use included.
    <section ref={scrollIntoViewOnMount} aria-labelledby={headingId} className="rounded-box border border-base-300 bg-base-100 p-3 text-sm">
      <Heading id={headingId} className="font-semibold">
        {name}
      </Heading>
      <dl className="mt-1 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5">
        <dt className="text-base-content/70">VIN</dt>
        <dd className="break-all font-mono">{decoded.vin}</dd>
        {engine ? (
          <>
            <dt className="text-base-content/70">Engine</dt>
            <dd>{engine}</dd>
          </>
        ) : null}
        {decoded.trim ? (
          <>
            <dt className="text-base-content/70">Trim</dt>
            <dd>{decoded.trim}</dd>
          </>
        ) : null}
        {decoded.body ? (
          <>
            <dt className="text-base-content/70">Body</dt>
            <dd>{decoded.body}</dd>
          </>
        ) : null}
      </dl>
      <p className="mt-2">
        {catalogue
          ? `${decoded.fittingParts} ${decoded.fittingParts === 1 ? 'part fits' : 'parts fit'} it${
              catalogueName && catalogueName !== name ? ` (listed as ${catalogueName})` : ''
            }.`
          : 'No parts in the catalogue are listed for this vehicle yet.'}
      </p>
      <button type="button" className="btn btn-sm btn-primary mt-2" disabled={busy} onClick={onUse}>
        {actionLabel}
      </button>
    </section>
  );
}
