import type { Decorator } from 'storybook-react-rsbuild';

/** A phone-wide column (320 px): what the layout checks of every page and feature run in. */
export const phoneColumn: Decorator = (Story) => (
  <div style={{ width: '320px', maxWidth: '100%' }}>
    <Story />
  </div>
);

/**
 * A story of the layout at 320 px in a long language (pt, ru): `export const NarrowRussian =
 * narrowIn('ru', check)`, where `check` asserts that nothing is cut off and nothing scrolls sideways.
 */
export const narrowIn = (locale: 'pt' | 'ru', play: (context: { canvasElement: HTMLElement }) => Promise<void>) => ({
  globals: { locale },
  decorators: [phoneColumn],
  play,
});
