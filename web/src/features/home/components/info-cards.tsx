import type { Counter } from '@/features/cart/api-types';
import { addressLines } from '@/lib/address';

type InfoCard = { title: string; icon: string; lines: string[]; tone: string };

const ICONS = {
  hours: 'M12 7v5l3 2m6-2a9 9 0 11-18 0 9 9 0 0118 0z',
  place: 'M12 21s-7-6.2-7-11.5A7 7 0 0119 9.5C19 14.8 12 21 12 21zm0-9a2.5 2.5 0 100-5 2.5 2.5 0 000 5z',
  contact: 'M4 5h16v14H4zM4 6l8 7 8-7',
};

/** The shop's e-mail address on the Contact Us card. */
const SHOP_EMAIL = 'hello@partsgarage.example';

/** Opening hours as the admin wrote them, a line for each part: "Mon–Fri 7:30–18:00, Sat 8:00–13:00". */
function hoursLines(hours: string): string[] {
  return hours
    .split(/\s*[,;\n]\s*/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The three cards, from the trade counter the admin sets: its hours, its place, its phone. */
function cards(counter: Counter): InfoCard[] {
  const place = addressLines(counter).filter((line) => line !== counter.country);
  return [
    { title: 'Opening Hours', icon: ICONS.hours, lines: counter.hours ? hoursLines(counter.hours) : ['Ask us'], tone: 'bg-primary text-primary-content' },
    {
      title: 'Our Locations',
      icon: ICONS.place,
      lines: [counter.name, ...(place.length > 0 ? place : ['Address on request'])],
      tone: 'bg-neutral text-neutral-content',
    },
    {
      title: 'Contact Us',
      icon: ICONS.contact,
      lines: [...(counter.phone ? [counter.phone] : []), SHOP_EMAIL, 'We answer within one working day'],
      tone: 'bg-secondary text-secondary-content',
    },
  ];
}

type InfoCardsProps = {
  /** The trade counter; undefined while it is asked for, null when it could not be. */
  counter: Counter | null | undefined;
};

/**
 * Opening Hours, Our Locations and Contact Us (docs/decisions.md, D8), all from the trade counter
 * the admin sets, so the home page, the footer, the trade counter card and checkout name one place.
 * The page is prerendered without it: each card keeps three lines' height until it comes.
 */
export function InfoCards({ counter }: InfoCardsProps) {
  const shown = counter
    ? cards(counter)
    : [
        { title: 'Opening Hours', icon: ICONS.hours, lines: [], tone: 'bg-primary text-primary-content' },
        { title: 'Our Locations', icon: ICONS.place, lines: [], tone: 'bg-neutral text-neutral-content' },
        { title: 'Contact Us', icon: ICONS.contact, lines: counter === null ? [SHOP_EMAIL] : [], tone: 'bg-secondary text-secondary-content' },
      ];
  return (
    <section aria-label="Visit and contact" className="mx-auto -mt-10 grid max-w-7xl gap-4 px-4 sm:px-6 md:grid-cols-3">
      {shown.map((card) => (
        <article key={card.title} className={`relative flex gap-4 rounded-box p-6 shadow-lg ${card.tone}`}>
          <svg viewBox="0 0 24 24" className="h-10 w-10 shrink-0 opacity-90" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
            <path d={card.icon} />
          </svg>
          <div className="min-w-0">
            <h2 className="text-lg font-bold">{card.title}</h2>
            <ul className="mt-2 min-h-[4.25rem] space-y-1 text-sm" aria-busy={counter === undefined}>
              {card.lines.map((line) => (
                <li key={line} className="break-words">
                  {line}
                </li>
              ))}
            </ul>
          </div>
        </article>
      ))}
    </section>
  );
}
