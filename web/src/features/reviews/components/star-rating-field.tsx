import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

const STARS = [1, 2, 3, 4, 5] as const;

// A radio input drawn as a star: grey, or amber when it or a star after it is checked.
const STAR =
  'h-8 w-8 cursor-pointer appearance-none bg-base-content/30 forced-color-adjust-none checked:bg-amber-500 [&:has(~:checked)]:bg-amber-500 ' +
  '[clip-path:polygon(50%_3%,62%_36%,97%_37%,69%_58%,79%_92%,50%_72%,21%_92%,31%_58%,3%_37%,38%_36%)]';

/**
 * The rating as five stars that are themselves the control: native radio inputs drawn as stars, so
 * arrow keys move between them and a screen reader hears "Rating, radio group" and "4 stars". The
 * value is the form's `rating` ("1" to "5"); `selected` is the chosen one (0 for none).
 */
export function StarRatingField({ error, selected, ...field }: UseFormRegisterReturn & { error?: string | undefined; selected: number }) {
  const id = useId();
  return (
    <fieldset
      role="radiogroup"
      aria-labelledby={`${id}-legend`}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
      className="flex flex-col gap-1"
    >
      <legend id={`${id}-legend`} className="mb-1 text-sm font-semibold">
        Rating
      </legend>
      <div className="flex items-center gap-3">
        <div className="flex gap-1 rounded-box p-1 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-base-content">
          {STARS.map((stars) => (
            <input key={stars} type="radio" value={String(stars)} aria-label={`${stars} ${stars === 1 ? 'star' : 'stars'}`} className={STAR} {...field} />
          ))}
        </div>
        <span className="text-sm text-base-content/75" aria-hidden="true">
          {selected >= 1 && selected <= 5 ? `${selected} of 5` : 'Not rated yet'}
        </span>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
