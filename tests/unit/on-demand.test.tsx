import { act, render, screen } from '@testing-library/react';
import { onDemand } from '@/shared/lib';
import { deferred } from '../support/deferred';

/** Overlays and heavy widgets load when used; once here they render without a Suspense round trip. */

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

describe('onDemand', () => {
  it('shows the fallback while the code loads, then the component with its props', async () => {
    const code = deferred<typeof Greeting>();
    const load = vi.fn(() => code.promise);
    const view = onDemand(load, <span>loading</span>);
    render(<view.Lazy name="Ana" />);
    expect(screen.getByText('loading').textContent).toBeTruthy();
    await act(async () => code.resolve(Greeting));
    expect((await screen.findByText('Hello Ana')).textContent).toBe('Hello Ana');
    expect(screen.queryByText('loading')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders a preloaded component in the first render, without the fallback', async () => {
    const load = vi.fn(() => Promise.resolve(Greeting));
    const view = onDemand(load, <span>loading</span>);
    view.preload();
    view.preload();
    await act(async () => undefined);
    const { container } = render(<view.Lazy name="Bo" />);
    // Synchronously after the first render: no fallback frame, the component itself.
    expect(container.textContent).toBe('Hello Bo');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tells subscribers when the code arrives (useLoaded is null until then)', async () => {
    const code = deferred<typeof Greeting>();
    const view = onDemand(() => code.promise);
    function Probe() {
      const Loaded = view.useLoaded();
      return <span>{Loaded ? 'here' : 'not yet'}</span>;
    }
    render(<Probe />);
    expect(screen.getByText('not yet').textContent).toBeTruthy();
    view.preload();
    await act(async () => code.resolve(Greeting));
    expect(screen.getByText('here').textContent).toBeTruthy();
  });

  it('tries again after a failed download (offline), instead of keeping the failure', async () => {
    const load = vi.fn<() => Promise<typeof Greeting>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(Greeting);
    const view = onDemand(load);
    view.preload();
    await act(async () => undefined);
    expect(load).toHaveBeenCalledTimes(1);
    view.preload();
    await act(async () => undefined);
    expect(load).toHaveBeenCalledTimes(2);
    const { container } = render(<view.Lazy name="Cy" />);
    expect(container.textContent).toBe('Hello Cy');
  });

  it('fetches the code once the browser is idle after an opener rendered, not during the render', async () => {
    vi.useFakeTimers();
    try {
      const load = vi.fn(() => Promise.resolve(Greeting));
      const view = onDemand(load);
      function Opener() {
        view.usePreloadWhenIdle();
        return <button type="button">Open</button>;
      }
      const { rerender } = render(<Opener />);
      rerender(<Opener />);
      expect(load).not.toHaveBeenCalled();
      await act(async () => vi.advanceTimersByTimeAsync(3000));
      expect(load).toHaveBeenCalledTimes(1);
      const { container } = render(<view.Lazy name="Di" />);
      expect(container.textContent).toBe('Hello Di');
    } finally {
      vi.useRealTimers();
    }
  });
});
