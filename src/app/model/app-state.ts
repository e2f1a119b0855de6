import type { AppStateActor } from '@/shared/model';

/** Below this share of the layout height, the visual viewport is taken to be covered by a keyboard. */
const KEYBOARD_RATIO = 0.75;

/**
 * Feeds the app-state actor from the browser: viewport size (one update per animation frame),
 * the on-screen keyboard (visual viewport much shorter than the layout viewport on a mobile
 * device), and exposes breakpoint and keyboard as `data-` attributes on <html> for CSS.
 * Returns a function that removes the listeners.
 */
export function connectAppState(actor: AppStateActor, win: Window = window): () => void {
  const root = win.document.documentElement;
  const reflect = () => {
    const { breakpoint, keyboardVisible } = actor.getSnapshot().context;
    root.dataset.breakpoint = breakpoint;
    root.dataset.keyboard = keyboardVisible ? 'visible' : 'hidden';
  };
  const sub = actor.subscribe(reflect);
  reflect();

  let frame = 0;
  const onResize = () => {
    if (frame) return;
    frame = win.requestAnimationFrame(() => {
      frame = 0;
      actor.send({ type: 'RESIZED', width: win.innerWidth, height: win.innerHeight });
    });
  };
  const viewport = win.visualViewport;
  const onViewport = () => {
    if (!viewport || !actor.getSnapshot().context.device.isMobile) return;
    const visible = viewport.height < win.innerHeight * KEYBOARD_RATIO;
    if (visible !== actor.getSnapshot().context.keyboardVisible) actor.send({ type: 'KEYBOARD', visible });
  };
  win.addEventListener('resize', onResize);
  viewport?.addEventListener('resize', onViewport);
  return () => {
    sub.unsubscribe();
    win.removeEventListener('resize', onResize);
    viewport?.removeEventListener('resize', onViewport);
    if (frame) win.cancelAnimationFrame(frame);
  };
}

/** Route changes are a named load ("route"): lazy page chunks and guards show the preloader. */
export function trackRouteLoads(
  actor: AppStateActor,
  router: { subscribe: (event: 'onBeforeLoad' | 'onResolved', fn: () => void) => () => void },
): () => void {
  const offStart = router.subscribe('onBeforeLoad', () => actor.send({ type: 'LOAD_STARTED', name: 'route' }));
  const offEnd = router.subscribe('onResolved', () => actor.send({ type: 'LOAD_FINISHED', name: 'route' }));
  return () => {
    offStart();
    offEnd();
  };
}
