import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { useMemo } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { createActor, fromPromise } from 'xstate';
import { loginRequestMachine } from '@machines/auth/login-request.machine';
import { LoginRequestContext } from '@/shared/model';
import { LoginRequestDialog } from './login-request-dialog';

/** The dialog on a real login-request actor; the confirm call is a fake that succeeds or fails. */
function Harness({ fails, onConfirm }: { fails: boolean; onConfirm: (input: { key: string; result: boolean }) => void }) {
  const actor = useMemo(() => {
    const a = createActor(
      loginRequestMachine.provide({
        actors: {
          confirm: fromPromise<void, { key: string; result: boolean }>(async ({ input }) => {
            onConfirm(input);
            if (fails) throw new Error('404');
          }),
        },
      }),
    ).start();
    a.send({ type: 'REQUEST', request: { key: 'k1', device: 'Chromium on Linux', location: 'Bucharest, RO', createdAt: '2026-11-22T10:15:00Z' } });
    return a;
  }, [fails, onConfirm]);
  return (
    <LoginRequestContext.Provider value={actor}>
      <LoginRequestDialog />
    </LoginRequestContext.Provider>
  );
}

const meta: Meta<typeof Harness> = {
  title: 'Widgets/LoginRequestDialog',
  component: Harness,
  args: { fails: false, onConfirm: fn() },
  parameters: { layout: 'fullscreen' },
};
export default meta;
type Story = StoryObj<typeof Harness>;

export const Approve: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('alertdialog', { name: 'Is this you signing in?' });
    await expect(within(dialog).getByText('Bucharest, RO')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, approve' }));
    await expect(args.onConfirm).toHaveBeenCalledWith({ key: 'k1', result: true });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  },
};

export const AnswerFails: Story = {
  args: { fails: true },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'No, decline' }));
    await expect(args.onConfirm).toHaveBeenCalledWith({ key: 'k1', result: false });
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent('The answer could not be sent.');
  },
};
