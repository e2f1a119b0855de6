import { assign, setup } from 'xstate';
import { breakpointFor, type Breakpoint } from '../shared/constants';

/**
 * App state the layouts need (spec 000 s3 "Viewport and app state"). Kept: viewport size and
 * its breakpoint, device info (mobile flag, browser, OS), the on-screen keyboard, and the
 * preloader list (any named pending load shows the preloader; none left hides it). Dropped,
 * because no user would notice them (docs/app-state.md): scroll position and direction (the
 * browser restores it), footer locks (no footer overlays yet).
 */
export interface DeviceInfo {
  userAgent: string;
  isMobile: boolean;
  browser: string;
  os: string;
}

export interface AppStateContext {
  width: number;
  height: number;
  breakpoint: Breakpoint;
  device: DeviceInfo;
  keyboardVisible: boolean;
  pending: readonly string[];
}

export type AppStateEvent =
  | { type: 'RESIZED'; width: number; height: number }
  | { type: 'KEYBOARD'; visible: boolean }
  | { type: 'LOAD_STARTED'; name: string }
  | { type: 'LOAD_FINISHED'; name: string };

/** Reads browser and OS from a user-agent string (enough for support and layout decisions). */
export function parseUserAgent(ua: string): DeviceInfo {
  const os = /Android/i.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/i.test(ua)
      ? 'iOS'
      : /Windows/i.test(ua)
        ? 'Windows'
        : /Mac OS X/i.test(ua)
          ? 'macOS'
          : /Linux/i.test(ua)
            ? 'Linux'
            : 'unknown';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|Chromium\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : 'unknown';
  return { userAgent: ua, isMobile: /Mobi|Android|iPhone|iPad|iPod/i.test(ua), browser, os };
}

export const appStateMachine = setup({
  types: {
    context: {} as AppStateContext,
    events: {} as AppStateEvent,
    input: {} as { width: number; height: number; userAgent: string },
  },
  guards: {
    nothingLeft: ({ context, event }) =>
      event.type === 'LOAD_FINISHED' && context.pending.filter((n) => n !== event.name).length === 0,
  },
}).createMachine({
  id: 'appState',
  context: ({ input }) => ({
    width: input.width,
    height: input.height,
    breakpoint: breakpointFor(input.width),
    device: parseUserAgent(input.userAgent),
    keyboardVisible: false,
    pending: [],
  }),
  on: {
    RESIZED: {
      actions: assign(({ event }) => ({ width: event.width, height: event.height, breakpoint: breakpointFor(event.width) })),
    },
    KEYBOARD: { actions: assign({ keyboardVisible: ({ event }) => event.visible }) },
  },
  initial: 'idle',
  states: {
    idle: {
      on: {
        LOAD_STARTED: { target: 'loading', actions: assign({ pending: ({ event }) => [event.name] }) },
      },
    },
    loading: {
      on: {
        LOAD_STARTED: {
          actions: assign({ pending: ({ context, event }) => [...new Set([...context.pending, event.name])] }),
        },
        LOAD_FINISHED: [
          { guard: 'nothingLeft', target: 'idle', actions: assign({ pending: [] }) },
          { actions: assign({ pending: ({ context, event }) => context.pending.filter((n) => n !== event.name) }) },
        ],
      },
    },
  },
});
