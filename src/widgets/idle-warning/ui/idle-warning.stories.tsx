import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { useMemo } from 'react';
import { expect, userEvent, within, screen } from 'storybook/test';
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import { sessionMachine, type CustomerLoad, type SessionTokens } from '@machines/auth/session.machine';
import { SessionContext } from '@/entities/session';
import { IdleWarning } from './idle-warning';

/** A signed-in session moved 13 idle minutes ahead on a simulated clock: the warning shows. */
function Warned() {
  const actor = useMemo(() => {
    const clock = new SimulatedClock();
    const never = () => new Promise<never>(() => {});
    const a = createActor(
      sessionMachine.provide({
        actors: {
          refresh: fromPromise<SessionTokens, { refreshToken: string | null }>(never),
          loadCustomer: fromPromise<CustomerLoad>(never),
          realtime: fromCallback(() => () => {}),
        },
      }),
      { clock, input: { tokens: { accessToken: 'at', refreshToken: 'rt', lifetimeMs: 3_600_000 }, username: 'ana@example.com' } },
    ).start();
    clock.increment(13 * 60_000);
    return a;
  }, []);
  return (
    <SessionContext.Provider value={actor}>
      <IdleWarning />
    </SessionContext.Provider>
  );
}

const meta: Meta<typeof Warned> = { title: 'Widgets/IdleWarning', component: Warned };
export default meta;

export const Warning: StoryObj<typeof Warned> = {
  play: async () => {
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you still there?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    await expect(screen.queryByRole('alertdialog')).toBeNull();
  },
};
