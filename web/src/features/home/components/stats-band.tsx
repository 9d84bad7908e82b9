const STATS = [
  { value: '12', unit: 'years', label: 'supplying local workshops' },
  { value: '18,000+', unit: '', label: 'orders shipped' },
  { value: '2,400', unit: 'parts', label: 'in stock in our warehouse' },
  { value: '4.8', unit: '/ 5', label: 'average customer rating' },
];

/** The stats band: static text. */
export function StatsBand() {
  return (
    <section aria-labelledby="stats-title" className="bg-base-200">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
        <h2 id="stats-title" className="text-center text-3xl font-bold">
          Trusted by mechanics across the region
        </h2>
        <p className="mx-auto mt-2 max-w-2xl text-center text-base-content/75">
          From one-bay garages to fleet workshops, customers come back for the right part at a fair price.
        </p>
        <dl className="mt-10 grid grid-cols-2 gap-4 lg:grid-cols-4">
          {STATS.map((stat) => (
            <div key={stat.label} className="flex flex-col rounded-box bg-base-100 p-6 text-center shadow-sm">
              <dt className="order-last text-sm text-base-content/75">{stat.label}</dt>
              <dd className="text-3xl font-extrabold text-primary sm:text-4xl">
                {stat.value}
                {stat.unit ? <span className="ml-1 text-base font-semibold text-base-content/70">{stat.unit}</span> : null}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
