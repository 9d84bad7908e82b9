import { useVehicle } from '@/lib/vehicle';
import { fitMessage, qualifierList, yearSpan } from '../fitment';
import type { Part } from '../types';

/** Whether the part fits the buyer's chosen vehicle; nothing when no vehicle is chosen. */
export function FitMessage({ fitments }: Pick<Part, 'fitments'>) {
  const vehicle = useVehicle();
  if (!vehicle) return null;
  const { fits, text, notes } = fitMessage(fitments, vehicle);
  return (
    <div className={`alert alert-soft ${fits ? 'alert-success' : 'alert-warning'}`}>
      <svg viewBox="0 0 24 24" className="h-5 w-5 shrink-0" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d={fits ? 'M5 12l5 5L20 7' : 'M12 8v5m0 3.5v.5M10.3 3.9L2.4 18a2 2 0 001.7 3h15.8a2 2 0 001.7-3L13.7 3.9a2 2 0 00-3.4 0z'} />
      </svg>
      <div>
        <p>{text}</p>
        {notes.map((note) => (
          <p key={note} className="text-sm">
            Note: {note}
          </p>
        ))}
      </div>
    </div>
  );
}

/**
 * The part's catalogue facts: part number, OEM numbers, the part numbers it replaces, category and
 * the vehicles it fits, each with its engine, trim, position and note.
 */
export function PartSpecs({ part }: { part: Part }) {
  return (
    <section aria-labelledby="part-specs" className="flex flex-col gap-3">
      <h2 id="part-specs" className="text-lg font-semibold">
        Specifications
      </h2>
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="text-base-content/70">SKU</dt>
        <dd className="font-mono font-semibold">{part.sku}</dd>
        <dt className="text-base-content/70">OEM numbers</dt>
        <dd className={part.oemNumbers.length > 0 ? 'font-mono' : ''}>{part.oemNumbers.length > 0 ? part.oemNumbers.join(', ') : 'None listed'}</dd>
        {part.replaces.length > 0 ? (
          <>
            <dt className="text-base-content/70">Replaces</dt>
            <dd className="font-mono">{part.replaces.join(', ')}</dd>
          </>
        ) : null}
        <dt className="text-base-content/70">Category</dt>
        <dd>{part.category}</dd>
      </dl>
      <h3 className="text-sm font-semibold">Fits these vehicles</h3>
      {part.fitments.length > 0 ? (
        <ul className="grid gap-1 text-sm sm:grid-cols-2">
          {part.fitments.map((f, index) => {
            const qualifiers = qualifierList(f);
            return (
              // Two rows may name the same vehicle (front and rear): the index keeps their keys apart.
              <li key={`${index}|${f.make}|${f.model}`} className="rounded-box bg-base-200 px-3 py-2">
                {f.make} {f.model} <span className="text-base-content/70">({yearSpan(f)})</span>
                {qualifiers.length > 0 ? <span className="block text-xs text-base-content/80">{qualifiers.join(' · ')}</span> : null}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-sm text-base-content/75">No vehicles are listed for this part.</p>
      )}
    </section>
  );
}
