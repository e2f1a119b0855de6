import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { useMemo } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { createActor } from 'xstate';
import { notificationsMachine } from '@machines/app/notifications.machine';
import { NotificationsContext } from '@/shared/model';
import { NotificationCenter } from './notification-center';

/** The notification center on a real notifications actor (timers run, network none). */
function WithActor() {
  const actor = useMemo(() => {
    const a = createActor(notificationsMachine).start();
    a.send({ type: 'NOTIFY', notification: { id: 'n1', tone: 'success', title: 'Transfer confirmed', body: '€120.00 to Ana Popescu' } });
    a.send({ type: 'NOTIFY', notification: { id: 'n2', tone: 'info', title: 'New message from support' } });
    return a;
  }, []);
  return (
    <NotificationsContext.Provider value={actor}>
      <NotificationCenter />
    </NotificationsContext.Provider>
  );
}

const meta: Meta<typeof WithActor> = {
  title: 'Widgets/NotificationCenter',
  component: WithActor,
  parameters: { layout: 'fullscreen' },
};
export default meta;

export const TwoNotifications: StoryObj<typeof WithActor> = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(canvas.getAllByRole('button', { name: 'Dismiss notification' })[0]!);
    await expect(canvas.getAllByRole('listitem')).toHaveLength(1);
  },
};
