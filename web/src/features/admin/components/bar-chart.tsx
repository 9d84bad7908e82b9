import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useId, useMemo, useRef } from 'react';
import { type Bar, type ChartColours, chartConfig, summarise } from './bar-chart-config';

// Only the pieces a bar chart needs, so the rest of Chart.js stays out of the Sales page's chunk.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

function themeColours(element: HTMLElement): ChartColours {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const text = read('--color-base-content', '#1f2937');
  return { bar: read('--color-primary', '#2563eb'), text, grid: read('--color-base-300', '#e5e7eb') };
}

/**
 * A bar chart of one value a day, drawn by Chart.js on a canvas. The canvas is an image named by a
 * summary of the figures, and every figure is also in a table (under "Show the figures") for anyone
 * who cannot see the chart. Where there is no 2D canvas (a test's DOM) the table alone is shown.
 */
export function BarChart({ title, bars, format }: { title: string; bars: Bar[]; format: (value: number) => string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const captionId = useId();
  const label = summarise(title, bars, format);
  // A new array each render, but the chart is redrawn only when a figure changes.
  const key = JSON.stringify(bars);
  const stable = useMemo(() => JSON.parse(key) as Bar[], [key]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || typeof CanvasRenderingContext2D === 'undefined') return;
    const context = canvas.getContext('2d');
    if (!context) return;
    const chart = new Chart(context, chartConfig(stable, format, themeColours(canvas)));
    return () => chart.destroy();
  }, [stable, format]);

  return (
    <figure className="rounded-box border border-base-300 p-4" aria-labelledby={captionId}>
      <figcaption id={captionId} className="mb-2 text-sm font-semibold">{title}</figcaption>
      <div className="relative h-40 w-full">
        <canvas ref={canvasRef} role="img" aria-label={label} />
      </div>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer">Show the figures</summary>
        <table className="table table-sm">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col" className="text-right">
                {title.replace(/ a day$/, '')}
              </th>
            </tr>
          </thead>
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.label}>
                <th scope="row" className="font-normal">
                  {bar.label}
                </th>
                <td className="text-right">{format(bar.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
