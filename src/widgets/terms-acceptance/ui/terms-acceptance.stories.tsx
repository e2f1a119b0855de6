import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { useMemo } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { sessionMachine, type CustomerLoad, type SessionTokens } from '@machines/auth/session.machine';
import { SessionContext } from '@/entities/session';
import { TermsAcceptance } from './terms-acceptance';

const term = {
  id: 'terms-2026-11',
  title: 'Terms of service (November 2026)',
  text: 'We updated our terms of service.\nPlease read and accept them to continue.',
};

/** A signed-in session whose customer info carried new terms; `accept` is the fake "terms accept". */
function WithTerms({ accept }: { accept: () => Promise<void> }) {
  const actor = useMemo(() => {
    const a = createActor(
      sessionMachine.provide({
        actors: {
          refresh: fromPromise<SessionTokens, { refreshToken: string | null }>(() => new Promise(() => {})),
          loadCustomer: fromPromise<CustomerLoad>(async () => ({ customer: { customerType: 0 }, term })),
          loadAccess: fromPromise<unknown, { customer: unknown }>(async () => ({})),
          acceptTerms: fromPromise<void, { termId: string }>(accept),
          logout: fromPromise<void, { refreshToken: string | null }>(() => new Promise(() => {})),
          realtime: fromCallback(() => () => {}),
        },
      }),
      { input: { tokens: { accessToken: 'at', refreshToken: 'rt', lifetimeMs: 3_600_000 }, username: 'ana@example.com' } },
    );
    return a.start();
  }, [accept]);
  return (
    <SessionContext.Provider value={actor}>
      <TermsAcceptance />
    </SessionContext.Provider>
  );
}

const meta: Meta<typeof WithTerms> = { title: 'Widgets/TermsAcceptance', component: WithTerms };
export default meta;
type Story = StoryObj<typeof WithTerms>;

/** The terms to accept (filled state); the heading takes the focus. */
export const ToAccept: Story = {
  args: { accept: () => new Promise(() => {}) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const heading = await canvas.findByRole('heading', { name: term.title });
    await expect(heading).toHaveFocus();
    await expect(canvas.getByRole('document', { name: 'Terms text' })).toHaveTextContent('We updated our terms of service.');
  },
};

/** Sending the acceptance (loading state): the button shows progress, sign-out waits. */
export const Accepting: Story = {
  args: { accept: () => new Promise(() => {}) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Accept and continue' }));
    await expect(canvas.getByRole('button', { name: 'Decline and sign out' })).toBeDisabled();
  },
};

/** The server refused (error state): its message is shown, the terms stay. */
export const Refused: Story = {
  args: {
    accept: async () => {
      throw { text: 'Your acceptance could not be saved. Please try again.' };
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Accept and continue' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Your acceptance could not be saved.');
    await expect(canvas.getByRole('heading', { name: term.title })).toBeVisible();
  },
};

/** Accepted (empty state): nothing is left to show. */
export const Accepted: Story = {
  args: { accept: async () => {} },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Accept and continue' }));
    await expect(canvas.queryByRole('heading', { name: term.title })).toBeNull();
  },
};
