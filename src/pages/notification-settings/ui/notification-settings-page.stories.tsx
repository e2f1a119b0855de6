import type { Decorator, Meta, StoryObj } from 'storybook-react-rsbuild';
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { defaultNotificationSettings } from '@machines/settings/notification-settings.rules';
import { notificationToggleMachine } from '@machines/settings/notification-toggle.machine';
import type { UiMessage } from '@machines/shared/ui-message';
import { securityListKeys, type NotificationSetting } from '@/entities/security';
import { SessionContext } from '@/entities/session';
import { fakeSignedInSession, withAppServices, withRouter } from '../../../../.storybook/decorators';
import { clippedText } from '../../../../.storybook/layout-checks';
import { downFetch, pendingFetch, withFetch } from '../../../../.storybook/fake-fetch';
import { NotificationSettingsPage } from './notification-settings-page';

/** The sandbox's defaults (news off), plus a setting and a group the app does not know. */
const seed: NotificationSetting[] = [...defaultNotificationSettings(), { identified: 'cryptoArrived', group: 'transfers', value: true }, { identified: 'weeklyDigest', group: 'digest', value: false }];

const save = fn<(input: { identified: string; value: boolean; requestId: string }) => Promise<{ value: boolean }>>();
/** The real toggle statechart with the fake call. */
const toggleLogic = notificationToggleMachine.provide({ actors: { save: fromPromise(({ input }) => save(input)) } });


/** What the query cache holds for "offers" (the page's list as a reload would show it). */
function CachedOffers() {
  const { data } = useQuery<NotificationSetting[]>({ queryKey: securityListKeys.notifications, enabled: false });
  const offers = data?.find((setting) => setting.identified === 'offers');
  return <p data-testid="cached-offers">{offers ? `offers: ${offers.value ? 'on' : 'off'}` : 'offers: none'}</p>;
}

/** Signed in (fake session calls), so the page reads its settings (from the cache, or the story's fake service). */
const withSignedIn: Decorator = (Story) => {
  const session = useMemo(() => fakeSignedInSession({ customer: { customerType: 0, firstName: 'Ana', lastName: 'Ruiz' }, access: null }), []);
  return (
    <SessionContext.Provider value={session}>
      <Story />
      <CachedOffers />
    </SessionContext.Provider>
  );
};

/** /profile/notifications: the settings by group, each switch on its own toggle statechart with a fake save. */
const meta: Meta<typeof NotificationSettingsPage> = {
  title: 'Pages/Notification settings',
  component: NotificationSettingsPage,
  decorators: [withSignedIn, withAppServices, withRouter],
  args: { toggleLogic },
  parameters: { layout: 'padded', queryData: [[securityListKeys.notifications, seed]] },
  beforeEach: () => {
    save.mockReset();
    save.mockImplementation(async ({ value }) => ({ value }));
  },
};
export default meta;
type Story = StoryObj<typeof NotificationSettingsPage>;

const group = async (canvasElement: HTMLElement, name: string) => within(await within(canvasElement).findByRole('region', { name }));

/** The catalogue's groups in order, then the unknown one under its key; each setting a switch named by its label. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await group(canvasElement, 'Security');
    await expect(canvas.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Security', 'Transfers', 'Cards', 'News and offers', 'digest']);
    const security = await group(canvasElement, 'Security');
    const names = ['A new sign-in to your account', 'Your password changed', 'A phone linked to your account', 'Your allowed IP list changed'];
    const switches = security.getAllByRole('switch');
    await expect(switches).toHaveLength(names.length);
    for (const [i, name] of names.entries()) await expect(switches[i]).toHaveAccessibleName(name);
    await expect(canvas.getByRole('switch', { name: 'Money received' })).toBeChecked();
    await expect(canvas.getByRole('switch', { name: 'Offers from us' })).not.toBeChecked();
    await expect((await group(canvasElement, 'Transfers')).getByRole('switch', { name: 'cryptoArrived' })).toBeChecked();
    await expect((await group(canvasElement, 'digest')).getByRole('switch', { name: 'weeklyDigest' })).not.toBeChecked();
  },
};

/** The service lists none: the page says so. */
export const Empty: Story = {
  parameters: { queryData: [[securityListKeys.notifications, []]] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No notification settings to choose from')).toBeInTheDocument();
    await expect(canvas.queryByRole('switch')).toBeNull();
  },
};

/** The first read still running. */
export const Loading: Story = {
  parameters: { queryData: [] },
  beforeEach: withFetch(pendingFetch),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    await expect(canvas.queryByRole('switch')).toBeNull();
  },
};

/** The read failed: what happened and "Try again". */
export const LoadError: Story = {
  parameters: { queryData: [] },
  beforeEach: withFetch(downFetch),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Could not load your notification settings')).toBeInTheDocument();
    await expect(canvas.getByText('Server is not available')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    await expect(canvas.queryByRole('switch')).toBeNull();
  },
};

/**
 * Turned on: on at once, busy with "Saving…" until the service answers (a second press meanwhile
 * does nothing), then kept; the other switches are not touched.
 */
export const ToggleSaved: Story = {
  play: async ({ canvasElement }) => {
    let answer: () => void = () => {};
    save.mockImplementation(({ value }) => new Promise((resolve) => (answer = () => resolve({ value }))));
    const news = await group(canvasElement, 'News and offers');
    const offers = news.getByRole('switch', { name: 'Offers from us' });
    await userEvent.click(offers);
    await expect(offers).toBeChecked();
    await expect(offers).toHaveAttribute('aria-busy', 'true');
    await expect(offers).toHaveAccessibleDescription('Saving…');
    await expect(news.getByText('Saving…')).toBeVisible();
    await userEvent.click(offers);
    await expect(offers).toBeChecked();
    await expect(save).toHaveBeenCalledTimes(1);
    await expect(save).toHaveBeenCalledWith({ identified: 'offers', value: true, requestId: expect.any(String) });
    const cached = within(canvasElement).getByTestId('cached-offers');
    await expect(cached).toHaveTextContent('offers: off');
    answer();
    await waitFor(() => expect(offers).not.toHaveAttribute('aria-busy'));
    await expect(offers).toBeChecked();
    await expect(news.queryByText('Saving…')).toBeNull();
    await expect(news.getByRole('switch', { name: 'Product news' })).not.toBeChecked();
    await expect(news.queryByRole('alert')).toBeNull();
    // The kept value is in the list's cache (what the page shows after a reload or a remount).
    await waitFor(() => expect(cached).toHaveTextContent('offers: on'));
  },
};

/** The save fails: the switch goes back to what the service has, and says why beside it (an alert that describes the switch). */
export const ToggleRolledBack: Story = {
  beforeEach: () => {
    save.mockImplementation(() => Promise.reject({ text: 'The setting could not be saved. Please try again.' } satisfies UiMessage));
  },
  play: async ({ canvasElement }) => {
    const security = await group(canvasElement, 'Security');
    const signIn = security.getByRole('switch', { name: 'A new sign-in to your account' });
    await expect(signIn).toBeChecked();
    await userEvent.click(signIn);
    const alert = await security.findByRole('alert');
    await expect(alert).toHaveTextContent('The setting could not be saved. Please try again.');
    await expect(signIn).not.toHaveAttribute('aria-busy');
    await expect(signIn).toBeChecked();
    await expect(signIn).toHaveAccessibleDescription('The setting could not be saved. Please try again.');
    await expect(save).toHaveBeenCalledWith({ identified: 'newSignIn', value: false, requestId: expect.any(String) });
    // Tried again and saved: the error goes.
    save.mockImplementation(async ({ value }) => ({ value }));
    await userEvent.click(signIn);
    await waitFor(() => expect(signIn).not.toBeChecked());
    await waitFor(() => expect(security.queryByRole('alert')).toBeNull());
  },
};

/** A phone-wide column (320 px). */
const narrow: Decorator = (Story) => (
  <div style={{ width: '320px', maxWidth: '100%' }} data-testid="column">
    <Story />
  </div>
);

/** In Russian on a 320 px column, with long unknown keys and an error shown: nothing is cut off or overflows. */
export const NarrowRussian: Story = {
  globals: { locale: 'ru' },
  decorators: [narrow],
  parameters: {
    queryData: [[securityListKeys.notifications, [...seed, { identified: 'aVeryLongSettingKeyTheServiceAddedWithoutTellingTheApp', group: 'aLongGroupKeyNobodyTranslated', value: true }]]],
  },
  beforeEach: () => {
    save.mockImplementation(() => Promise.reject({ text: 'Не удалось сохранить настройку. Попробуйте ещё раз.' } satisfies UiMessage));
  },
  play: async ({ canvasElement }) => {
    const column = await within(canvasElement).findByTestId('column');
    await userEvent.click((await within(column).findAllByRole('switch'))[0]!);
    await within(column).findByRole('alert');
    await expect(clippedText(column)).toEqual([]);
    await expect(column.scrollWidth).toBeLessThanOrEqual(column.clientWidth);
  },
};
