import { createActor } from 'xstate';
import { appStateMachine } from '@machines/app/app-state.machine';
import { connectAppState, trackRouteLoads } from '../../src/app/model/app-state';

describe('app state fed from the browser', () => {
  it('a resize updates the breakpoint (once per frame) and <html data-breakpoint>', async () => {
    const actor = createActor(appStateMachine, { input: { width: 1280, height: 800, userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/150' } }).start();
    const stop = connectAppState(actor, window);
    expect(document.documentElement.dataset.breakpoint).toBe('desktop');
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 500 });
    window.dispatchEvent(new Event('resize'));
    window.dispatchEvent(new Event('resize'));
    await new Promise((r) => requestAnimationFrame(() => r(null)));
    expect(actor.getSnapshot().context.breakpoint).toBe('mobile');
    expect(document.documentElement.dataset.breakpoint).toBe('mobile');
    stop();
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1400 });
    window.dispatchEvent(new Event('resize'));
    await new Promise((r) => requestAnimationFrame(() => r(null)));
    expect(actor.getSnapshot().context.breakpoint).toBe('mobile'); // listeners removed
  });

  it('route loads show the preloader until the route resolves', () => {
    const actor = createActor(appStateMachine, { input: { width: 1280, height: 800, userAgent: '' } }).start();
    const handlers: Record<string, () => void> = {};
    trackRouteLoads(actor, { subscribe: (event, fn) => ((handlers[event] = fn), () => undefined) });
    handlers.onBeforeLoad!();
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    actor.send({ type: 'LOAD_STARTED', name: 'countries' });
    handlers.onResolved!();
    expect(actor.getSnapshot().context.pending).toEqual(['countries']);
    actor.send({ type: 'LOAD_FINISHED', name: 'countries' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });
});
