/** One bar: its label (a date) and its value. */
export type Bar = { label: string; value: number };

/**
 * A plain SVG bar chart, one bar a day: no charting library, so the page stays small. The figure is
 * named by `title`, and each bar carries its own label and value as a tooltip and for screen
 * readers; the figures are also in a table under the chart for anyone who wants the numbers.
 */
export function BarChart({ title, bars, format }: { title: string; bars: Bar[]; format: (value: number) => string }) {
  const max = Math.max(0, ...bars.map((bar) => bar.value));
  const width = 300;
  const height = 100;
  const step = bars.length > 0 ? width / bars.length : width;
  const first = bars.at(0);
  const last = bars.at(-1);
  return (
    <figure className="rounded-box border border-base-300 p-4">
      <figcaption className="mb-2 text-sm font-semibold">{title}</figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} className="h-40 w-full" preserveAspectRatio="none" role="img" aria-label={`${title}, ${bars.length} days`}>
        {bars.map((bar, index) => {
          const barHeight = max > 0 ? (bar.value / max) * (height - 2) : 0;
          return (
            <rect
              key={bar.label}
              x={index * step + step * 0.15}
              y={height - barHeight}
              width={step * 0.7}
              height={barHeight}
              className="fill-primary"
            >
              <title>{`${bar.label}: ${format(bar.value)}`}</title>
            </rect>
          );
        })}
      </svg>
      {first && last ? (
        <div className="mt-1 flex justify-between text-xs text-base-content/70" aria-hidden="true">
          <span>{first.label}</span>
          <span>{last.label}</span>
        </div>
      ) : null}
    </figure>
  );
}
