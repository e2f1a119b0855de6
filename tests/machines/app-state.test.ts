// @vitest-environment node
import { createActor } from 'xstate';
import { appStateMachine, parseUserAgent } from '@machines/app/app-state.machine';
import { breakpointFor } from '@machines/shared/constants';
import { Coverage, expectFullCoverage } from './coverage';

describe('app state: viewport, device, keyboard, preloader list', () => {
  const coverage = new Coverage(appStateMachine);
  const start = () =>
    createActor(appStateMachine, { inspect: coverage.inspect, input: { width: 375, height: 700, userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1' } }).start();

  it.each([
    [320, 'small'],
    [476, 'mobile'],
    [767, 'mobile'],
    [768, 'tablet'],
    [871, 'phablet'],
    [1024, 'laptop'],
    [1279, 'laptop'],
    [1280, 'desktop'],
  ])('width %i is %s (spec breakpoints)', (width, name) => {
    expect(breakpointFor(width)).toBe(name);
  });

  it('tracks the viewport and the keyboard', () => {
    const a = start();
    expect(a.getSnapshot().context.breakpoint).toBe('small');
    a.send({ type: 'RESIZED', width: 1300, height: 900 });
    expect(a.getSnapshot().context.breakpoint).toBe('desktop');
    a.send({ type: 'KEYBOARD', visible: true });
    expect(a.getSnapshot().context.keyboardVisible).toBe(true);
  });

  it('shows the preloader while any named load is pending and hides it when none is left', () => {
    const a = start();
    a.send({ type: 'LOAD_STARTED', name: 'customer' });
    a.send({ type: 'LOAD_STARTED', name: 'countries' });
    a.send({ type: 'LOAD_STARTED', name: 'customer' });
    expect(a.getSnapshot().matches('loading')).toBe(true);
    a.send({ type: 'LOAD_FINISHED', name: 'customer' });
    expect(a.getSnapshot().matches('loading')).toBe(true);
    expect(a.getSnapshot().context.pending).toEqual(['countries']);
    a.send({ type: 'LOAD_FINISHED', name: 'countries' });
    expect(a.getSnapshot().matches('idle')).toBe(true);
  });

  it.each([
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36', { os: 'Android', browser: 'Chrome', isMobile: true }],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120 Safari/537.36 Edg/120', { os: 'Windows', browser: 'Edge', isMobile: false }],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15', { os: 'macOS', browser: 'Safari', isMobile: false }],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0', { os: 'Linux', browser: 'Firefox', isMobile: false }],
  ])('device info from %s', (ua, expected) => {
    expect(parseUserAgent(ua)).toMatchObject(expected);
  });

  expectFullCoverage(coverage);
});
