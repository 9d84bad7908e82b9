import { act, render, screen } from '@testing-library/react';
// eslint-disable-next-line no-restricted-imports -- the sections' code, without the app's stylesheet
import { lazy, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { WhenNear } from './when-near';

/** `ui` as the build renders it to HTML, then taken over by React in the browser. */
function hydrated(ui: ReactElement) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(ui);
  document.body.append(container);
  return render(ui, { container, hydrate: true });
}

const section = (children = <p>Five stars</p>) => <WhenNear placeholder={<p>Loading reviews</p>}>{children}</WhenNear>;

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
  it('in the HTML React takes over, shows the placeholder until the spot comes within a screen, then the children', () => {
    const { observers, report } = fakeObserver();
    const errors = vi.spyOn(console, 'error');
    hydrated(section());
    expect(screen.getByText('Loading reviews')).toBeInTheDocument();
    expect(errors).not.toHaveBeenCalled();
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
    hydrated(section());
    expect(screen.getByText('Loading reviews')).toBeInTheDocument();
    expect(await screen.findByText('Five stars')).toBeInTheDocument();
  });

  it('drawn after the HTML was taken over (back on the page), shows the children at once, the placeholder while their code comes', async () => {
    const { observers } = fakeObserver();
    let arrive: (module: { default: () => ReactElement }) => void = () => {};
    const Reviews = lazy(() => new Promise<{ default: () => ReactElement }>((resolve) => (arrive = resolve)));
    render(section(<Reviews />));
    expect(observers).toHaveLength(0);
    expect(screen.getByText('Loading reviews')).toBeInTheDocument();
    await act(async () => arrive({ default: () => <p>Five stars</p> }));
    expect(await screen.findByText('Five stars')).toBeInTheDocument();
  });

  it('says in its place, not over the page, that its code could not come', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Reviews = lazy(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    render(
      <>
        <h1>Home</h1>
        {section(<Reviews />)}
      </>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch dynamically imported module');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
  });
});
