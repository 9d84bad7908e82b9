type InfoCard = { title: string; icon: string; lines: string[]; tone: string };

const CARDS: InfoCard[] = [
  {
    title: 'Opening Hours',
    icon: 'M12 7v5l3 2m6-2a9 9 0 11-18 0 9 9 0 0118 0z',
    lines: ['Monday–Friday: 8:00–18:00', 'Saturday: 9:00–14:00', 'Sunday: closed'],
    tone: 'bg-primary text-primary-content',
  },
  {
    title: 'Our Locations',
    icon: 'M12 21s-7-6.2-7-11.5A7 7 0 0119 9.5C19 14.8 12 21 12 21zm0-9a2.5 2.5 0 100-5 2.5 2.5 0 000 5z',
    lines: ['14 Foundry Lane, Riverside', 'Trade counter and pick-up', 'Warehouse: Unit 7, Dockside Park'],
    tone: 'bg-neutral text-neutral-content',
  },
  {
    title: 'Contact Us',
    icon: 'M4 5h16v14H4zM4 6l8 7 8-7',
    lines: ['+1 (555) 014-2290', 'hello@partsgarage.example', 'We answer within one working day'],
    tone: 'bg-secondary text-secondary-content',
  },
];

/** Opening Hours, Our Locations and Contact Us (docs/decisions.md, D8). */
export function InfoCards() {
  return (
    <section aria-label="Visit and contact" className="mx-auto -mt-10 grid max-w-7xl gap-4 px-4 sm:px-6 md:grid-cols-3">
      {CARDS.map((card) => (
        <article key={card.title} className={`relative flex gap-4 rounded-box p-6 shadow-lg ${card.tone}`}>
          <svg viewBox="0 0 24 24" className="h-10 w-10 shrink-0 opacity-90" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
            <path d={card.icon} />
          </svg>
          <div>
            <h2 className="text-lg font-bold">{card.title}</h2>
            <ul className="mt-2 space-y-1 text-sm">
              {card.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        </article>
      ))}
    </section>
  );
}
