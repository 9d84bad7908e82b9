import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { WhenNear } from './when-near';

/**
 * A stand-in for the browser's IntersectionObserver (jsdom has none): it keeps what it watches and
 * how far ahead, and the test says when the spot comes near.
 */
function fakeObserver() {
  const observers: { callback: IntersectionObserverCallback; margin: string | undefined; watched: Element[]; disconnected: boolean }[] = [];
  class FakeIntersectionObserver {
    private readonly record;
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.record = { callback, margin: options?.rootMargin, watched: [] as Element[], disconnected: false };
      observers.push(this.record);
    }
    observe(target: Element) {
      this.record.watched.push(target);
    }
    disconnect() {
      this.record.disconnected = true;
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  const report = (isIntersecting: boolean) =>
    act(() => {
      for (const observer of observers) {
        const entries = observer.watched.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
        observer.callback(entries, observer as unknown as IntersectionObserver);
      }
    });
  return { observers, report };
}

describe('WhenNear', () => {
  it('shows the placeholder until the spot comes within a screen, then the children', () => {
    const { observers, report } = fakeObserver();
    render(
      <WhenNear placeholder={<p>Loading reviews</p>}>
        <p>Five stars</p>
      </WhenNear>,
    );
    expect(screen.getByText('Loading reviews')).toBeInTheDocument();
    expect(observers).toHaveLength(1);
    expect(observers[0]!.margin).toBe('100% 0px');

    report(false);
    expect(screen.queryByText('Five stars')).not.toBeInTheDocument();

    report(true);
    expect(screen.getByText('Five stars')).toBeInTheDocument();
    expect(screen.queryByText('Loading reviews')).not.toBeInTheDocument();
    expect(observers[0]!.disconnected).toBe(true);
  });

  it('draws the children right after the first render where the browser cannot tell', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <WhenNear placeholder={<p>Loading reviews</p>}>
        <p>Five stars</p>
      </WhenNear>,
    );
    expect(screen.getByText('Loading reviews')).toBeInTheDocument();
    expect(await screen.findByText('Five stars')).toBeInTheDocument();
  });
});
