import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollRegion } from './scroll-region';

/** jsdom lays nothing out: the widths the browser would measure. */
function widths(scrollWidth: number, clientWidth: number) {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scrollWidth);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(clientWidth);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ScrollRegion', () => {
  it('is a named region that takes focus while its content is wider than it', () => {
    widths(600, 350);
    render(
      <ScrollRegion label="Invoice lines">
        <table />
      </ScrollRegion>,
    );
    const region = screen.getByRole('region', { name: 'Invoice lines' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toHaveClass('overflow-x-auto');
  });

  it('adds no Tab stop when everything fits', () => {
    widths(600, 600);
    render(
      <ScrollRegion label="Invoice lines">
        <table />
      </ScrollRegion>,
    );
    expect(screen.getByRole('region', { name: 'Invoice lines' })).not.toHaveAttribute('tabindex');
  });
});
