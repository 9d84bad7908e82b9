import { describe, expect, it } from 'vitest';
import { type Bar, chartConfig, summarise } from './bar-chart-config';

const money = (value: number) => `$${value.toFixed(2)}`;
const bars: Bar[] = [
  { label: '2026-01-01', value: 0 },
  { label: '2026-01-02', value: 12.5 },
  { label: '2026-01-03', value: 4 },
];
const colours = { bar: 'red', text: 'black', grid: 'grey' };

describe('summarise', () => {
  it('names the days, the total and the best day', () => {
    expect(summarise('Revenue a day', bars, money)).toBe('Revenue a day, 3 days from 2026-01-01 to 2026-01-03: $16.50 in total, the most $12.50 on 2026-01-02');
  });

  it('says none when every day is zero, and no days when there are none', () => {
    expect(summarise('Orders a day', [{ label: '2026-01-01', value: 0 }], String)).toBe('Orders a day, 1 day from 2026-01-01 to 2026-01-01: none');
    expect(summarise('Orders a day', [], String)).toBe('Orders a day: no days');
  });
});

describe('chartConfig', () => {
  it('draws one bar a day in the theme colour, from zero, without animation', () => {
    const config = chartConfig(bars, money, colours);
    expect(config.type).toBe('bar');
    expect(config.data.labels).toEqual(['2026-01-01', '2026-01-02', '2026-01-03']);
    expect(config.data.datasets).toHaveLength(1);
    const [dataset] = config.data.datasets;
    expect(dataset?.data).toEqual([0, 12.5, 4]);
    expect(dataset?.backgroundColor).toBe('red');
    expect(config.options?.animation).toBe(false);
    expect(config.options?.scales?.y).toMatchObject({ beginAtZero: true });
  });

  it('formats the value axis and the tooltips like the figures', () => {
    const config = chartConfig(bars, money, colours);
    const tick = config.options?.scales?.y?.ticks?.callback as (value: number) => string;
    expect(tick.call(undefined as never, 12.5)).toBe('$12.50');
    const label = config.options?.plugins?.tooltip?.callbacks?.label as (item: { parsed: { y: number } }) => string;
    expect(label.call(undefined as never, { parsed: { y: 4 } })).toBe('$4.00');
  });
});
