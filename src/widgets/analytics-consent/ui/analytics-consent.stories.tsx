import { useActorRef } from '@xstate/react';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { analyticsConsentMachine, type AnalyticsConsentInput } from '@machines/app/analytics-consent.machine';
import { AnalyticsConsentContext } from '@/shared/analytics';
import { narrowIn } from '../../../../.storybook/narrow';
import { clippedText } from '../../../../.storybook/layout-checks';
import { AnalyticsChoicesItem } from './analytics-choices-item';
import { AnalyticsConsentGate } from './analytics-consent-gate';

/**
 * The analytics consent banner and the footer's "Analytics choices" (issue 61), on the consent
 * statechart with its choices recorded here instead of stored.
 */
const remember = fn();
const forget = fn();

function ConsentStory({ mode, stored }: AnalyticsConsentInput) {
  const actor = useActorRef(analyticsConsentMachine.provide({ actions: { remember: (_, { choice }) => remember(choice), forget: () => forget() } }), { input: { mode, stored } });
  return (
    <AnalyticsConsentContext.Provider value={actor}>
      <p>The page behind it stays usable.</p>
      <ul aria-label="Footer links">
        <AnalyticsChoicesItem />
      </ul>
      <AnalyticsConsentGate />
    </AnalyticsConsentContext.Provider>
  );
}

const meta: Meta<typeof ConsentStory> = {
  title: 'Widgets/Analytics consent',
  component: ConsentStory,
  args: { mode: 'opt-in', stored: null },
  beforeEach: () => {
    remember.mockClear();
    forget.mockClear();
  },
};
export default meta;
type Story = StoryObj<typeof ConsentStory>;

const banner = (canvasElement: HTMLElement) => within(canvasElement).findByRole('region', { name: 'Analytics' });

/** An EU brand, never asked: Accept and Reject side by side, the same kind of button; Accept is remembered. */
export const Asked: Story = {
  play: async ({ canvasElement }) => {
    const region = await banner(canvasElement);
    await expect(region).toHaveTextContent('Nothing is collected unless you accept.');
    const accept = within(region).getByRole('button', { name: 'Accept' });
    const reject = within(region).getByRole('button', { name: 'Reject' });
    await expect(accept.className).toBe(reject.className);
    await expect(within(region).getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('rel', 'noopener noreferrer');
    await userEvent.click(accept);
    await waitFor(() => expect(within(canvasElement).queryByRole('region', { name: 'Analytics' })).toBeNull());
    await expect(remember).toHaveBeenCalledWith('granted');
  },
};

/** Reject is one press: remembered, and what analytics kept is forgotten. */
export const Rejected: Story = {
  play: async ({ canvasElement }) => {
    const region = await banner(canvasElement);
    await userEvent.click(within(region).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(within(canvasElement).queryByRole('region', { name: 'Analytics' })).toBeNull());
    await expect(remember).toHaveBeenCalledWith('denied');
    await expect(forget).toHaveBeenCalledTimes(1);
  },
};

/** A UK brand, never asked: on, with the notice; Turn off. */
export const Noticed: Story = {
  args: { mode: 'notice' },
  play: async ({ canvasElement }) => {
    const region = await banner(canvasElement);
    await expect(region).toHaveTextContent('You can turn this off now or at any time.');
    await expect(within(region).getByRole('button', { name: 'OK' })).toBeVisible();
    await userEvent.click(within(region).getByRole('button', { name: 'Turn off' }));
    await expect(remember).toHaveBeenCalledWith('denied');
  },
};

/** Chosen before: no banner until "Analytics choices"; then focus goes into it, and back to the button when it closes. */
export const Withdrawn: Story = {
  args: { stored: 'granted' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('region', { name: 'Analytics' })).toBeNull();
    const choices = canvas.getByRole('button', { name: 'Analytics choices' });
    await userEvent.click(choices);
    const region = await banner(canvasElement);
    await waitFor(() => expect(region).toHaveFocus());
    await expect(region).toHaveTextContent('Analytics is on');
    await userEvent.tab();
    await expect(within(region).getByRole('link', { name: 'Privacy policy' })).toHaveFocus();
    await userEvent.tab();
    await expect(within(region).getByRole('button', { name: 'Turn off analytics' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(canvas.queryByRole('region', { name: 'Analytics' })).toBeNull());
    await expect(choices).toHaveFocus();
    await expect(remember).toHaveBeenCalledWith('denied');
    await expect(forget).toHaveBeenCalledTimes(1);
  },
};

/** Refused before, opened again: says it is off; Allow analytics turns it on. */
export const OffThenAllowed: Story = {
  args: { stored: 'denied', mode: 'notice' },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Analytics choices' }));
    const region = await banner(canvasElement);
    await expect(region).toHaveTextContent('Analytics is off');
    await userEvent.click(within(region).getByRole('button', { name: 'Allow analytics' }));
    await expect(remember).toHaveBeenCalledWith('granted');
  },
};

/** At 320 px in Russian: the words wrap, the buttons stay whole. */
export const NarrowRussian: Story = narrowIn('ru', async ({ canvasElement }) => {
  const region = await within(canvasElement).findByRole('region', { name: 'Аналитика' });
  await waitFor(() => expect(clippedText(region)).toEqual([]));
});

/** At 320 px in Portuguese, opened again from the footer. */
export const NarrowPortuguese: Story = {
  ...narrowIn('pt', async ({ canvasElement }) => {
    const button = within(canvasElement).getAllByRole('button')[0]!;
    await userEvent.click(button);
    const region = await within(canvasElement).findByRole('region');
    await waitFor(() => expect(clippedText(region)).toEqual([]));
  }),
  args: { stored: 'granted' },
};
