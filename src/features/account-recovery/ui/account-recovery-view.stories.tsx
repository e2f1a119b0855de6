import { useEffect, useState } from 'react';
import type { Decorator, Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { createActor, fromPromise } from 'xstate';
import { accountRecoveryMachine, type RecoveryAnswer } from '@machines/auth/account-recovery.machine';
import type { RecoveryRequestValues, RecoveryStep, StoredRecovery } from '@machines/auth/account-recovery.rules';
import { clippedText } from '../../../../.storybook/layout-checks';
import { AccountRecoveryView, type AccountRecoveryActor } from './account-recovery-view';

const never = () => new Promise<never>(() => {});

/** What the person typed on the first step (as the sandbox's brand 1 recovery user has it). */
const values: RecoveryRequestValues = { email: 'recovery@brand1.test', firstName: 'Ana', lastName: 'Demo 1', dob: '1988-07-14' };
const recoveryEmail = 'r***@b***.test';
const support = { email: 'support@northbridgepay.example', phone: '+442079460100' };

/** What a tab kept of a recovery at `step`: the approved answer unless told. */
const storedAt = (step: RecoveryStep, answer: Partial<StoredRecovery> = {}): StoredRecovery => ({
  step,
  values,
  taskId: 't1',
  emailId: 'e1',
  recoveryEmail,
  verificationStatus: 'approved',
  rejectReason: null,
  isRetryable: false,
  ...answer,
});

/** The recovery's calls: none answers unless the story says so. */
const request = fn<(input: RecoveryRequestValues) => Promise<RecoveryAnswer>>();
const checkCode = fn<(input: { taskId: string; emailId: string; email: string; code: string }) => Promise<boolean>>();
const changePassword = fn<(input: { email: string; code: string; password: string }) => Promise<void>>();
/** The page's keeping in this tab (sessionStorage), watched. */
const keep = fn();
const forget = fn();

/** The real statechart with the fake calls and the watched keeping. */
const logic = accountRecoveryMachine.provide({
  actors: {
    request: fromPromise<RecoveryAnswer, RecoveryRequestValues>(({ input }) => request(input)),
    checkCode: fromPromise<boolean, { taskId: string; emailId: string; email: string; code: string }>(({ input }) => checkCode(input)),
    changePassword: fromPromise<void, { email: string; code: string; password: string }>(({ input }) => changePassword(input)),
  },
  actions: { keep, forget },
});

/** The story's statechart, started once from what the tab kept and the address asked (with the story's events), stopped when the story goes. */
function useStoryActor(stored: StoredRecovery | null, asked: RecoveryStep, start?: (actor: AccountRecoveryActor) => void): AccountRecoveryActor {
  const [actor] = useState(() => {
    const created: AccountRecoveryActor = createActor(logic, { input: { stored, asked, today: '2026-11-26' } });
    created.start();
    start?.(created);
    return created;
  });
  useEffect(() => () => actor.stop(), [actor]);
  return actor;
}

interface RecoveryStoryProps {
  /** What this tab kept (null: nothing). */
  stored?: StoredRecovery | null;
  /** The step the address asks for. */
  asked?: RecoveryStep;
  start?: (actor: AccountRecoveryActor) => void;
}

/** The view as /account-recovery/<step> shows it, with a plain sign-in link. */
function RecoveryStory({ stored = null, asked = 'email', start }: RecoveryStoryProps) {
  const actor = useStoryActor(stored, asked, start);
  return <AccountRecoveryView actor={actor} support={support} signInLink={(children) => <a href="/login">{children}</a>} />;
}

const fill = (typed: Partial<RecoveryRequestValues>) => (actor: AccountRecoveryActor) => {
  for (const [field, value] of Object.entries(typed) as [keyof RecoveryRequestValues, string][]) actor.send({ type: 'CHANGE', field, value });
};

/** The code typed and accepted (the story's checkCode says yes): the password step. */
const codeAccepted = (actor: AccountRecoveryActor) => {
  actor.send({ type: 'CHANGE', field: 'code', value: '123456' });
  actor.send({ type: 'SUBMIT' });
};

/** /account-recovery/<step> (002 s2, s3): the request, the answer, the code, the new password, done. */
const meta: Meta<typeof RecoveryStory> = {
  title: 'Features/AccountRecoveryView',
  component: RecoveryStory,
  args: { stored: null, asked: 'email' },
  beforeEach: () => {
    request.mockReset();
    request.mockImplementation(never);
    checkCode.mockReset();
    checkCode.mockImplementation(never);
    changePassword.mockReset();
    changePassword.mockImplementation(never);
    keep.mockReset();
    forget.mockReset();
  },
};
export default meta;
type Story = StoryObj<typeof RecoveryStory>;

const heading = (canvasElement: HTMLElement, name: string) => within(canvasElement).findByRole('heading', { level: 1, name });
const kept = (step: RecoveryStep) => expect(keep).toHaveBeenLastCalledWith(expect.anything(), { recovery: expect.objectContaining({ step }) });

// ---- the e-mail and the person's data ------------------------------------------------------------

/** Nothing typed: no error shows before submit; the step is kept for a reload. */
export const EmailEmpty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await heading(canvasElement, 'Recover your account')).toBeInTheDocument();
    await expect(canvas.getByRole('textbox', { name: 'E-mail' })).toHaveValue('');
    await expect(canvas.getByLabelText('Date of birth')).toHaveValue('');
    await expect(canvas.queryByText('Required.')).toBeNull();
    await expect(canvas.queryByRole('status')).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
    await kept('email');
    await expect(request).not.toHaveBeenCalled();
  },
};

/** Submit on the empty step: the four errors show, nothing is sent, the focus goes to the e-mail. */
export const EmailInvalid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Send me a code' }));
    await expect(await canvas.findAllByText('Required.')).toHaveLength(4);
    const email = canvas.getByRole('textbox', { name: 'E-mail' });
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Required.');
    await waitFor(() => expect(email).toHaveFocus());
    await expect(request).not.toHaveBeenCalled();
  },
};

/** Every field typed and right: no error. */
export const EmailFilled: Story = {
  args: { start: fill(values) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'E-mail' })).toHaveValue(values.email);
    await expect(canvas.getByRole('textbox', { name: 'First name' })).toHaveValue('Ana');
    await expect(canvas.getByRole('textbox', { name: 'Last name' })).toHaveValue('Demo 1');
    await expect(canvas.getByLabelText('Date of birth')).toHaveValue('1988-07-14');
    await expect(canvas.queryByText('Required.')).toBeNull();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** The request refused with a wait (a 429): the words show above the button, everything typed stays. */
export const EmailRateLimited: Story = {
  args: { start: fill(values) },
  beforeEach: () => void request.mockImplementation(() => Promise.reject({ message: { text: 'Too many attempts. Try again in 15 minutes.' } })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Send me a code' });
    await userEvent.click(button);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 15 minutes.');
    await expect(request).toHaveBeenCalledWith(values);
    await expect(canvas.getByRole('textbox', { name: 'E-mail' })).toHaveValue(values.email);
    await expect(canvas.getByRole('textbox', { name: 'Last name' })).toHaveValue('Demo 1');
    await expect(canvas.getByLabelText('Date of birth')).toHaveValue('1988-07-14');
    await expect(button).not.toHaveAttribute('aria-busy');
    await expect(canvas.getByRole('heading', { level: 1, name: 'Recover your account' })).toBeInTheDocument();
  },
};

/** A later step opened with nothing kept (another tab, storage cleared): the first step, saying why. */
export const EmailStartAgain: Story = {
  args: { stored: null, asked: 'status' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await heading(canvasElement, 'Recover your account')).toBeInTheDocument();
    await expect(canvas.getByRole('status')).toHaveTextContent('This recovery could not be resumed here. Start again: nothing has been changed.');
    await expect(canvas.getByRole('textbox', { name: 'E-mail' })).toHaveValue('');
    await expect(canvas.queryByText('Required.')).toBeNull();
  },
};

/** The request under way: the button is busy and the fields are locked. */
export const Requesting: Story = {
  args: { start: fill({ ...values, email: '  recovery@brand1.test ', firstName: ' Ana ' }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Send me a code' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    await expect(within(button).getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
    await expect(canvasElement.querySelector('form')).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('textbox', { name: 'E-mail' })).toBeDisabled();
    await expect(canvas.getByRole('textbox', { name: 'First name' })).toBeDisabled();
    await expect(canvas.getByLabelText('Date of birth')).toBeDisabled();
    // Sent once, the names and the e-mail without the spaces around them.
    await expect(request).toHaveBeenCalledTimes(1);
    await expect(request).toHaveBeenCalledWith(values);
  },
};

// ---- the answer ---------------------------------------------------------------------------------------

/** Approved: where the code went; "I have the code" opens the code step (its heading takes the focus). */
export const StatusApproved: Story = {
  args: { stored: storedAt('status'), asked: 'status' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await heading(canvasElement, 'Your request')).toBeInTheDocument();
    await expect(canvas.getByText(/we sent a code to r\*\*\*@b\*\*\*\.test\. It is valid for 15 minutes\./)).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Start over' })).toBeEnabled();
    await userEvent.click(canvas.getByRole('button', { name: 'I have the code' }));
    const next = await heading(canvasElement, 'Type the code');
    await waitFor(() => expect(next).toHaveFocus());
    await expect(canvas.getByText(`Type the 6-digit code we sent to ${recoveryEmail}.`)).toBeInTheDocument();
    await kept('reset');
  },
};

const rejectReason = 'The name or the date of birth does not match our records.';

/** Rejected with another try: the reason; "Try again" goes back to the first step with what was typed. */
export const StatusRetry: Story = {
  args: { stored: storedAt('status', { verificationStatus: 'rejected', isRetryable: true, rejectReason, emailId: null, recoveryEmail: null }), asked: 'status' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await heading(canvasElement, 'Your request')).toBeInTheDocument();
    await expect(canvas.getByRole('alert')).toHaveTextContent(rejectReason);
    await expect(canvas.queryByRole('button', { name: 'I have the code' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    const first = await heading(canvasElement, 'Recover your account');
    await waitFor(() => expect(first).toHaveFocus());
    await expect(canvas.getByRole('textbox', { name: 'E-mail' })).toHaveValue(values.email);
    await expect(canvas.getByRole('textbox', { name: 'First name' })).toHaveValue('Ana');
    await expect(canvas.getByRole('textbox', { name: 'Last name' })).toHaveValue('Demo 1');
    await expect(canvas.getByLabelText('Date of birth')).toHaveValue('1988-07-14');
    await expect(canvas.queryByText('Required.')).toBeNull();
    await expect(forget).not.toHaveBeenCalled();
  },
};

/** Rejected for good: the reason and the brand's support; no other try here. */
export const StatusFinal: Story = {
  args: { stored: storedAt('status', { verificationStatus: 'rejected', isRetryable: false, rejectReason, emailId: null, recoveryEmail: null }), asked: 'status' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await heading(canvasElement, 'Your request')).toBeInTheDocument();
    await expect(canvas.getByRole('alert')).toHaveTextContent(rejectReason);
    await expect(canvas.getByText(/Contact support to recover your account:/)).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: support.email })).toHaveAttribute('href', `mailto:${support.email}`);
    await expect(canvas.getByRole('link', { name: support.phone })).toHaveAttribute('href', `tel:${support.phone}`);
    await expect(canvas.queryByRole('button', { name: 'Try again' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'I have the code' })).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
    await expect(canvas.getByRole('button', { name: 'Start over' })).toBeEnabled();
  },
};

// ---- the code -----------------------------------------------------------------------------------------

const codeField = (canvasElement: HTMLElement) => within(canvasElement).getByRole('textbox', { name: 'Code from the e-mail' });

/** The code step, nothing typed: no error before submit. */
export const ResetEmpty: Story = {
  args: { stored: storedAt('reset'), asked: 'reset' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await heading(canvasElement, 'Type the code')).toBeInTheDocument();
    await expect(canvas.getByText(`Type the 6-digit code we sent to ${recoveryEmail}.`)).toBeInTheDocument();
    await expect(codeField(canvasElement)).toHaveValue('');
    await expect(canvas.queryByText('Required.')).toBeNull();
    await expect(canvas.queryByRole('status')).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Send a new code' })).toBeEnabled();
  },
};

/** Three digits: the code's error shows, nothing is checked, the focus goes to the code. */
export const ResetInvalid: Story = {
  args: { stored: storedAt('reset'), asked: 'reset' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(codeField(canvasElement), '123');
    await userEvent.click(canvas.getByRole('button', { name: 'Check the code' }));
    await expect(await canvas.findByText('The code has 6 digits.')).toBeInTheDocument();
    const code = codeField(canvasElement);
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expect(code).toHaveValue('123');
    await waitFor(() => expect(code).toHaveFocus());
    await expect(checkCode).not.toHaveBeenCalled();
  },
};

/** The service says the code is not right: said above the buttons, the code stays to correct. */
export const ResetWrongCode: Story = {
  args: { stored: storedAt('reset'), asked: 'reset' },
  beforeEach: () => void checkCode.mockImplementation(async () => false),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(codeField(canvasElement), '123 456');
    await userEvent.click(canvas.getByRole('button', { name: 'Check the code' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('This code is not right. Check the latest e-mail and type its code again.');
    await expect(checkCode).toHaveBeenCalledWith({ taskId: 't1', emailId: 'e1', email: values.email, code: '123456' });
    await expect(codeField(canvasElement)).toHaveValue('123 456');
    await expect(canvas.getByRole('heading', { level: 1, name: 'Type the code' })).toBeInTheDocument();
  },
};

/** Reloaded on the password step: the code is never kept, so the code step asks for it again. */
export const ResetCodeAgain: Story = {
  args: { stored: storedAt('password'), asked: 'password' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await heading(canvasElement, 'Type the code')).toBeInTheDocument();
    await expect(canvas.getByRole('status')).toHaveTextContent('For your security the code is not kept when the page reloads: type it again.');
    await expect(codeField(canvasElement)).toHaveValue('');
  },
};

// ---- the new password ----------------------------------------------------------------------------------

/** The code step, the code typed and accepted: the password step. */
const passwordStep: Pick<Story, 'args' | 'beforeEach'> = {
  args: { stored: storedAt('reset'), asked: 'reset', start: codeAccepted },
  beforeEach: () => void checkCode.mockImplementation(async () => true),
};

const openPassword = async (canvasElement: HTMLElement) => {
  const title = await heading(canvasElement, 'Choose a new password');
  await waitFor(() => expect(title).toHaveFocus());
  const canvas = within(canvasElement);
  return { password: canvas.getByLabelText('New password'), repeat: canvas.getByLabelText('Repeat the new password') };
};

/** The rule's parts show as met or not while the password is typed (said to screen readers too). */
export const PasswordRules: Story = {
  ...passwordStep,
  play: async ({ canvasElement }) => {
    const { password } = await openPassword(canvasElement);
    const rules = within(within(canvasElement).getByRole('list', { name: 'The password needs' })).getAllByRole('listitem');
    await expect(rules).toHaveLength(3);
    const [length, letter, digit] = rules as [HTMLElement, HTMLElement, HTMLElement];
    await expect(length).toHaveTextContent('8 to 128 characters(not yet)');
    await expect(letter).toHaveTextContent('a letter(not yet)');
    await expect(digit).toHaveTextContent('a digit(not yet)');
    await userEvent.type(password, 'river');
    await expect(length).toHaveTextContent('8 to 128 characters(not yet)');
    await expect(letter).toHaveTextContent('a letter(met)');
    await expect(digit).toHaveTextContent('a digit(not yet)');
    await userEvent.type(password, '7stone');
    await expect(length).toHaveTextContent('8 to 128 characters(met)');
    await expect(letter).toHaveTextContent('a letter(met)');
    await expect(digit).toHaveTextContent('a digit(met)');
    await expect(within(canvasElement).queryByText('Use 8 to 128 characters with a letter and a digit.')).toBeNull();
  },
};

/** The repeat differs: the mismatch shows on it, nothing is sent, the focus goes to it. */
export const PasswordInvalid: Story = {
  ...passwordStep,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const { password, repeat } = await openPassword(canvasElement);
    await userEvent.type(password, 'river7stone');
    await userEvent.type(repeat, 'river7stones');
    await userEvent.click(canvas.getByRole('button', { name: 'Save the new password' }));
    await expect(await canvas.findByText('The passwords do not match.')).toBeInTheDocument();
    await expect(password).not.toHaveAttribute('aria-invalid');
    await expect(repeat).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(repeat).toHaveFocus());
    await expect(changePassword).not.toHaveBeenCalled();
  },
};

/** The change refused: the service's words show, both passwords stay. */
export const PasswordFailed: Story = {
  ...passwordStep,
  beforeEach: () => {
    checkCode.mockImplementation(async () => true);
    changePassword.mockImplementation(() => Promise.reject({ message: { text: 'The password could not be changed. Try again later.' } }));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const { password, repeat } = await openPassword(canvasElement);
    await userEvent.type(password, 'river7stone');
    await userEvent.type(repeat, 'river7stone');
    const button = canvas.getByRole('button', { name: 'Save the new password' });
    await userEvent.click(button);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The password could not be changed. Try again later.');
    await expect(changePassword).toHaveBeenCalledWith({ email: values.email, code: '123456', password: 'river7stone' });
    await expect(password).toHaveValue('river7stone');
    await expect(repeat).toHaveValue('river7stone');
    await expect(button).not.toHaveAttribute('aria-busy');
    await expect(canvas.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeInTheDocument();
  },
};

// ---- done -------------------------------------------------------------------------------------------------

/** The password is changed: sign in with it. */
export const Success: Story = {
  args: { stored: { ...storedAt('success'), values: { email: '', firstName: '', lastName: '', dob: '' }, taskId: null, emailId: null, recoveryEmail: null, verificationStatus: null }, asked: 'success' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await heading(canvasElement, 'Password changed')).toBeInTheDocument();
    await expect(canvas.getByText('Your password is changed. Sign in with your e-mail and the new password.')).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

// ---- long texts ---------------------------------------------------------------------------------------------

/** A phone-wide column. */
const narrow: Decorator = (Story) => (
  <div style={{ maxWidth: '20rem' }}>
    <Story />
  </div>
);

/** In Russian (the longest words), on a phone-wide column, after a submit on the empty first step: no text is cut off. */
export const LongRussian: Story = {
  globals: { locale: 'ru' },
  decorators: [narrow],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Отправить мне код' }));
    await expect(await canvas.findAllByText('Обязательное поле.')).toHaveLength(4);
    const section = canvasElement.querySelector('section');
    if (!section) throw new Error('no recovery view');
    await expect(clippedText(section)).toEqual([]);
    await expect(section.scrollWidth).toBeLessThanOrEqual(section.clientWidth);
  },
};
