import { useVehicle } from '@/lib/vehicle';
import { usePart } from '../api/get-part';
import { fitMessage } from '../fitment';
import type { Part } from '../types';

/**
 * One line on whether the part is listed for the buyer's chosen vehicle ("Fits your 2014 Toyota
 * Corolla" / "Not listed for your …"), for a card or an order line; nothing when no vehicle is
 * chosen. It says, never stops (docs/decisions.md, D35).
 */
export function FitNote({ fitments }: Pick<Part, 'fitments'>) {
  const vehicle = useVehicle();
  if (!vehicle) return null;
  const { fits, text } = fitMessage(fitments, vehicle);
  return (
    <p className="flex items-center gap-1 text-sm font-medium" data-fit={fits ? 'fits' : 'not-listed'}>
      <svg viewBox="0 0 24 24" className={`h-4 w-4 shrink-0 ${fits ? 'text-success' : 'text-warning'}`} fill="none" stroke="currentColor" strokeWidth="2.4" aria-hidden="true">
        <path d={fits ? 'M5 12l5 5L20 7' : 'M12 8v5m0 3.5v.5'} />
      </svg>
      {text}
    </p>
  );
}

/** The fit note of a line that names its part by id: the part (from the shop, or already at hand) read for its fitments. */
export function PartFitNote({ partId }: { partId: string }) {
  const vehicle = useVehicle();
  const part = usePart(partId, Boolean(vehicle));
  if (!vehicle || !part.data) return null;
  return <FitNote fitments={part.data.fitments} />;
}
