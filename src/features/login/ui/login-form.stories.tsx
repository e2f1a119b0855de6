import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { useMemo } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import { withAppStart, withRouter } from '../../../../.storybook/decorators';
import { loginMachine, type LoginEvent } from '@machines/auth/login.machine';
import type { AuthFlowReply, LoginFailure, Tokens } from '@machines/auth/login.logic';
import { LoginForm } from './login-form';

/**
 * Every screen of the sign-in statechart, each reached on mount by a login actor with fake
 * actors (no network), so the test runner checks each state in all six brands. The scenario
 * says what the server "answers" and what the user does next.
 */
interface Scenario {
  reply?: AuthFlowReply;
  loginFailure?: LoginFailure;
  tokenFailure?: LoginFailure;
  /** Events sent once the actor first reaches `when`. */
  then?: { when: string; send: LoginEvent[] };
  /** Move the simulated clock this far after the scenario ran (push approval time-out). */
  advanceMs?: number;
  /** Leave the form empty (no e-mail, no password typed). */
  empty?: boolean;
  /** The user presses "Sign in" in the play function (not submitted on mount). */
  manual?: boolean;
  /**
   * Opened from a sign-in link (`?code=&codeVerifier=`): whose it is (`owner`; none: still asking)
   * or the refusal (`ownerFailure`). The form is left empty.
   */
  link?: { owner?: string; ownerFailure?: LoginFailure };
}

const pkce = { verifier: 'v'.repeat(128), challenge: 'c'.repeat(43) };
const never = <T,>() => new Promise<T>(() => {});
const devices = [
  { name: 'Pixel 8', type: 'android', location: 'Bucharest, RO', lastActivityAt: '2026-11-20T08:15:00Z' },
  { name: 'iPhone 15', type: 'ios', location: 'Madrid, ES', lastActivityAt: '2026-11-18T19:40:00Z' },
];

function LoginState({ scenario }: { scenario: Scenario }) {
  const actor = useMemo(() => {
    const clock = new SimulatedClock();
    const a = createActor(
      loginMachine.provide({
        actors: {
          createPkce: fromPromise(async () => pkce),
          login: fromPromise<AuthFlowReply, { username: string; password: string; codeChallenge: string; acceptTerms: string | null }>(async () => {
            if (scenario.loginFailure) throw scenario.loginFailure;
            return scenario.reply ?? never();
          }),
          exchangeToken: fromPromise<Tokens, { code: string; codeVerifier: string; otp: string | null }>(async () => {
            if (scenario.tokenFailure) throw scenario.tokenFailure;
            return never();
          }),
          codeOwner: fromPromise<string, { code: string; codeVerifier: string }>(async () => {
            if (scenario.link?.ownerFailure) throw scenario.link.ownerFailure;
            return scenario.link?.owner ?? never();
          }),
          waitForApproval: fromCallback(() => () => {}),
          resendPush: fromPromise<void, { tmpJwt: string | null }>(async () => {}),
          requestDeeplink: fromPromise<string, { tmpJwt: string | null }>(async () => 'northbridge://approve-login?key=demo'),
        },
      }),
      { input: { username: '', exchange: scenario.link ? { code: 'c0de', codeVerifier: 'v'.repeat(43) } : undefined }, clock },
    ).start();
    let followed = false;
    let advance = scenario.advanceMs ?? 0;
    const sub = a.subscribe((s) => {
      if (!followed && scenario.then && s.matches(scenario.then.when as never)) {
        followed = true;
        queueMicrotask(() => {
          for (const event of scenario.then!.send) a.send(event);
          sub.unsubscribe();
        });
      }
      if (advance && (s.matches('awaitingPush') || s.matches('verifyingDevice'))) {
        const ms = advance;
        advance = 0;
        queueMicrotask(() => clock.increment(ms));
      }
    });
    if (!scenario.empty && !scenario.link) {
      a.send({ type: 'CHANGE', field: 'username', value: 'ana.popescu@example.com' });
      a.send({ type: 'CHANGE', field: 'password', value: 'Demo-pass-1' });
    }
    if ((scenario.reply || scenario.loginFailure) && !scenario.manual) a.send({ type: 'SUBMIT' });
    return a;
  }, [scenario]);
  return <LoginForm actorRef={actor} />;
}

const meta: Meta<typeof LoginState> = {
  title: 'Features/Login/States',
  component: LoginState,
  decorators: [withRouter, withAppStart],
  args: { scenario: {} },
};
export default meta;
type Story = StoryObj<typeof LoginState>;

const reply = (authFlow: AuthFlowReply['authFlow'], extra: Partial<AuthFlowReply> = {}): AuthFlowReply => ({ authFlow, code: 'c0de', tmpJwt: 'tmp', ...extra });

export const Credentials: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByLabelText('E-mail')).toHaveValue('ana.popescu@example.com');
  },
};

export const ServerMessage: Story = {
  args: { scenario: { loginFailure: { kind: 'failed', message: { text: 'Wrong e-mail or password' } } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Wrong e-mail or password');
    await expect(canvas.getByLabelText('E-mail')).toHaveValue('ana.popescu@example.com');
    await expect(canvas.getByLabelText('Password')).toHaveValue('');
  },
};

/** An empty submit: focus moves to the first invalid field (as in every form), then to the next one left. */
export const EmptySubmitFocusesFirstInvalidField: Story = {
  args: { scenario: { empty: true } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Sign in' }));
    await expect(await canvas.findByText('Enter your e-mail address.')).toBeInTheDocument();
    await expect(canvas.getByText('Enter your password.')).toBeInTheDocument();
    await waitFor(() => expect(canvas.getByLabelText('E-mail')).toHaveFocus());
    await userEvent.type(canvas.getByLabelText('E-mail'), 'ana@');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await expect(await canvas.findByText('Enter a valid e-mail address, like name@example.com.')).toBeInTheDocument();
    await waitFor(() => expect(canvas.getByLabelText('E-mail')).toHaveFocus());
    await userEvent.type(canvas.getByLabelText('E-mail'), 'example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(canvas.getByLabelText('Password')).toHaveFocus());
  },
};

/** A refused sign-in (no field named by the server): focus moves to the message. */
export const RefusalFocusesTheMessage: Story = {
  args: { scenario: { loginFailure: { kind: 'failed', message: { text: 'Wrong e-mail or password' } }, manual: true } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Sign in' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Wrong e-mail or password');
    await waitFor(() => expect(alert).toHaveFocus());
  },
};

export const RateLimited: Story = {
  args: { scenario: { loginFailure: { kind: 'rateLimited' } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('Too many attempts');
  },
};

export const Terms: Story = {
  args: { scenario: { loginFailure: { kind: 'terms', terms: { id: 't-1', title: 'Terms of service (November 2026)', text: 'We updated our terms of service.' } } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Terms of service (November 2026)' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Accept and continue' })).toBeInTheDocument();
  },
};

export const MigrationSoft: Story = {
  args: { scenario: { reply: reply('otp', { migration: { req: 'soft', daysLeft: 12, strat: 'migrate' } }) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Soon sign-ins must be approved in the mobile app. Days left: 12')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Continue for now' })).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Get the mobile app' })).toHaveAttribute('href', '/scp-mobile');
  },
};

export const MigrationStrict: Story = {
  args: { scenario: { reply: reply('otp', { migration: { req: 'strict', strat: 'enable' } }) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Two-factor approval in the mobile app is now required.');
    await expect(canvas.queryByRole('button', { name: 'Continue for now' })).toBeNull();
    await expect(canvas.getByText('Turn on sign-in approval in the mobile app to protect your account.')).toBeInTheDocument();
  },
};

export const OneTimeCode: Story = {
  args: { scenario: { reply: reply('otp') } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'Enter the one-time code' })).toBeInTheDocument();
  },
};

export const WrongCode: Story = {
  args: {
    scenario: {
      reply: reply('otp'),
      tokenFailure: { kind: 'wrongCode', message: { text: 'The code is not correct' } },
      then: { when: 'enteringOtp', send: [{ type: 'CHANGE', field: 'code', value: '123456' }, { type: 'SUBMIT_CODE' }] },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('The code is not correct');
  },
};

export const SmsCode: Story = {
  args: { scenario: { reply: reply('sms', { phoneNumber: '+40 7** *** 123', smsIdentifier: '42' }) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Enter the code we sent by SMS' })).toBeInTheDocument();
    await expect(canvas.getByText('Sent to +40 7** *** 123. The message is marked 42.')).toBeInTheDocument();
  },
};

export const PushWaiting: Story = {
  args: { scenario: { reply: reply('push') } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent('Waiting for approval…');
    await userEvent.click(canvas.getByRole('button', { name: 'Show a QR code' }));
    await expect(await canvas.findByRole('img', { name: 'QR code to approve the sign-in' })).toBeInTheDocument();
  },
};

export const PushQrCode: Story = {
  args: { scenario: { reply: reply('push'), then: { when: 'awaitingPush', send: [{ type: 'REQUEST_QR' }] } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('img', { name: 'QR code to approve the sign-in' })).toBeInTheDocument();
  },
};

export const PushExpired: Story = {
  args: { scenario: { reply: reply('push'), advanceMs: 120_000 } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The approval request expired.');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};

export const VerifyDevice: Story = {
  args: { scenario: { reply: reply('verifyDevice', { devices }) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Confirm this new device' })).toBeInTheDocument();
    await expect(within(canvas.getByRole('list', { name: 'Your devices' })).getAllByRole('listitem')).toHaveLength(2);
  },
};

export const SigningIn: Story = {
  args: { scenario: { reply: reply('direct') } },
  play: async ({ canvasElement }) => {
    // The code exchange is in flight: the button shows progress and ignores presses.
    await expect(await within(canvasElement).findByRole('progressbar')).toBeInTheDocument();
  },
};

// ---- a sign-in link asks first (issue 47) -------------------------------------------------------

/** The link's code is being looked up: a progress note, nothing to press. */
export const LinkChecking: Story = {
  args: { scenario: { link: {} } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('progressbar', { name: 'Checking the sign-in link…' })).toBeInTheDocument();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** "Continue as …?": the service's login as text, Continue focused; "Not me" shows the empty form. */
export const LinkAsksFirst: Story = {
  args: { scenario: { link: { owner: 'mallory<b>@example.com' } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Continue as mallory<b>@example.com?' })).toBeInTheDocument();
    await expect(canvasElement.querySelector('b')).toBeNull();
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Continue' })).toHaveFocus());
    await userEvent.click(canvas.getByRole('button', { name: 'Not me' }));
    await expect(await canvas.findByLabelText('E-mail')).toHaveValue('');
    await expect(canvas.queryByText(/Continue as/)).toBeNull();
  },
};

/** Continue: the code is exchanged, the button pending, "Not me" no longer pressable. */
export const LinkContinuing: Story = {
  args: { scenario: { link: { owner: 'ana.popescu@example.com' } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Continue' }));
    await expect(await canvas.findByRole('progressbar')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Not me' })).toBeDisabled();
  },
};

/** An expired or unknown code: the form with the service's message. */
export const LinkExpired: Story = {
  args: { scenario: { link: { ownerFailure: { kind: 'failed', message: { text: 'The code is unknown or expired' } } } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The code is unknown or expired');
    await expect(canvas.getByLabelText('E-mail')).toHaveValue('');
  },
};
