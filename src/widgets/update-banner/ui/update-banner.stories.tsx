import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { updateCheckMachine } from '@machines/app/update-check.machine';
import { narrowIn } from '../../../../.storybook/narrow';
import { clippedText } from '../../../../.storybook/layout-checks';
import { UpdateBanner } from './update-banner';

/**
 * The offer to reload after a new version is deployed (issue 61). The update check's delay is
 * shortened here (the app's is 60 s) and the deployed build's id is given, so the offer shows at once.
 */
const reload = fn();
const logicAnswering = (build: string) =>
  updateCheckMachine.provide({
    actors: { readVersion: fromPromise(async () => build) },
    actions: { reload: () => reload() },
    delays: { updateCheck: 20 },
  });

const meta: Meta<typeof UpdateBanner> = {
  title: 'Widgets/Update banner',
  component: UpdateBanner,
  args: { current: 'build-1', logic: logicAnswering('build-2') },
  beforeEach: () => void reload.mockClear(),
};
export default meta;
type Story = StoryObj<typeof UpdateBanner>;

/** A new version: the offer, said politely; Reload reloads once, nothing before. */
export const Offered: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const banner = await canvas.findByRole('region', { name: 'App update' });
    await expect(banner).toHaveTextContent('A new version of the app is available.');
    await expect(reload).not.toHaveBeenCalled();
    await userEvent.click(within(banner).getByRole('button', { name: 'Reload now' }));
    await expect(reload).toHaveBeenCalledTimes(1);
  },
};

/** Later: the offer goes and that version is not offered again. */
export const PutOff: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const banner = await canvas.findByRole('region', { name: 'App update' });
    await userEvent.click(within(banner).getByRole('button', { name: 'Later' }));
    await expect(canvas.queryByRole('region', { name: 'App update' })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(canvas.queryByRole('region', { name: 'App update' })).toBeNull();
    await expect(reload).not.toHaveBeenCalled();
  },
};

/** The running version is the deployed one: nothing shown. */
export const UpToDate: Story = {
  args: { logic: logicAnswering('build-1') },
  play: async ({ canvasElement }) => {
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(within(canvasElement).queryByRole('region', { name: 'App update' })).toBeNull();
  },
};

/** At 320 px in Russian: the words wrap, the buttons stay whole. */
export const NarrowRussian: Story = narrowIn('ru', async ({ canvasElement }) => {
  const banner = await within(canvasElement).findByRole('region', { name: 'Обновление приложения' });
  await waitFor(() => expect(clippedText(banner)).toEqual([]));
});
