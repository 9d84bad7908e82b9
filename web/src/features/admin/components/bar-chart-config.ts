import type { ChartConfiguration } from 'chart.js';

/** One bar: its label (a date) and its value. */
export type Bar = { label: string; value: number };

/** The colours the chart is drawn in, read from the page's theme. */
export type ChartColours = { bar: string; text: string; grid: string };

/**
 * One sentence that says what the chart shows, for its accessible name: the days it covers, the total
 * and the best day.
 */
export function summarise(title: string, bars: Bar[], format: (value: number) => string): string {
  const first = bars.at(0);
  const last = bars.at(-1);
  if (!first || !last) return `${title}: no days`;
  const total = bars.reduce((sum, bar) => sum + bar.value, 0);
  const best = bars.reduce((top, bar) => (bar.value > top.value ? bar : top), first);
  const days = `${title}, ${bars.length} ${bars.length === 1 ? 'day' : 'days'} from ${first.label} to ${last.label}`;
  if (best.value <= 0) return `${days}: none`;
  return `${days}: ${format(total)} in total, the most ${format(best.value)} on ${best.label}`;
}

/** Chart.js's configuration for one bar a day: no animation, the value axis from zero, tooltips in `format`. */
export function chartConfig(bars: Bar[], format: (value: number) => string, colours: ChartColours): ChartConfiguration<'bar', number[], string> {
  return {
    type: 'bar',
    data: {
      labels: bars.map((bar) => bar.label),
      datasets: [{ data: bars.map((bar) => bar.value), backgroundColor: colours.bar, borderRadius: 2 }],
    },
    options: {
      animation: false,
      maintainAspectRatio: false,
      color: colours.text,
      scales: {
        x: { ticks: { color: colours.text, maxRotation: 0, autoSkipPadding: 16 }, grid: { display: false } },
        y: { beginAtZero: true, ticks: { color: colours.text, precision: 0, callback: (value) => format(Number(value)) }, grid: { color: colours.grid } },
      },
      plugins: { tooltip: { callbacks: { label: (item) => format(item.parsed.y ?? 0) } } },
    },
  };
}
