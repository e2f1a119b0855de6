import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { withAppServices, withAppStart, withRouter } from '../../../../.storybook/decorators';
import type { ActivationRequest, ActivationTokens } from '@machines/auth/activation.machine';
import { ApiError, readReplyError } from '@/shared/api';
import { ActivatePage } from './activate-page';

const link = { action: 'activationBusiness' as const, user: 'ana@example.com', code: '000000' };
const never = () => new Promise<never>(() => {});
const refused = async () => {
  throw new ApiError({
    kind: 'validation',
    code: 'VF',
    body: { responseCode: 'VF', validationErrors: [{ param: 'activationCode', description: 'The activation code is not correct or has expired' }] },
  });
};

/** The typed form's calls: none answers unless the story says so. */
const typedActivate = fn<(request: ActivationRequest) => Promise<ActivationTokens>>();
const resend = fn<(email: string) => Promise<void>>();

/** /activate with fake activation calls (no network). */
const meta: Meta<typeof ActivatePage> = {
  title: 'Pages/Account activation',
  component: ActivatePage,
  decorators: [withAppServices, withAppStart, withRouter],
  args: { link, activate: never },
  beforeEach: () => {
    typedActivate.mockReset();
    typedActivate.mockImplementation(never);
    resend.mockReset();
    resend.mockImplementation(never);
  },
};
export default meta;
type Story = StoryObj<typeof ActivatePage>;

/** A link asks first (issue 47): "Activate the account …?", nothing sent; Activate focused, "Not now" goes to sign-in. */
export const AsksFirst: Story = {
  args: { activate: fn(never) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Activate the account ana@example.com?' })).toBeInTheDocument();
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Activate' })).toHaveFocus());
    await expect(canvas.getByRole('link', { name: 'Not now' })).toHaveAttribute('href', '/login');
    await expect(args.activate).not.toHaveBeenCalled();
  },
};

/** Activate pressed: the code is on its way, sent once. */
export const Activating: Story = {
  args: { activate: fn(never) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Activate' }));
    await expect(await canvas.findByRole('progressbar', { name: 'Activating your account…' })).toBeInTheDocument();
    await expect(args.activate).toHaveBeenCalledTimes(1);
  },
};

/** A refused code: the error popup lists the reasons; the page offers sign-in. */
export const Refused: Story = {
  args: { activate: refused },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Activate' }));
    const popup = await screen.findByRole('alertdialog');
    await expect(popup).toHaveTextContent('The activation code is not correct or has expired');
    await expect(await within(canvasElement).findByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
  },
};

/** No link in the address: the page says to type the code from the e-mail or open its link (the typed form). */
export const WithoutLink: Story = {
  args: { link: null },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Type the e-mail and the code from the activation e-mail, or open the link in it.')).toBeInTheDocument();
  },
};

/** Opened while another account is signed in: the link is not used; the page offers to sign out and activate. */
export const SignedInAsAnotherAccount: Story = {
  args: { signedInAs: 'boris@example.com', signOut: async () => {} },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText('You are signed in as boris@example.com. This activation link is for ana@example.com and has not been used.'),
    ).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Go to the start page' })).toHaveAttribute('href', '/home');
    await expect(canvas.queryByRole('progressbar')).toBeNull(); // nothing is sent yet
    await userEvent.click(canvas.getByRole('button', { name: 'Sign out and activate' }));
    // Signed out: now the code is sent (the fake activation call never answers).
    await expect(await canvas.findByRole('progressbar', { name: 'Activating your account…' })).toBeInTheDocument();
  },
};

/** The sign-out is under way: the button shows progress and the notice stays. */
export const SigningOut: Story = {
  args: { signedInAs: 'boris@example.com', signOut: never },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Sign out and activate' }));
    await expect(await canvas.findByRole('progressbar')).toBeInTheDocument();
    await expect(canvas.getByText(/has not been used/)).toBeInTheDocument();
  },
};

/** A session whose login is not known still is another account: nothing is activated unasked. */
export const SignedInUnknownAccount: Story = {
  args: { signedInAs: '', signOut: never },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('You are signed in with another account. This activation link is for ana@example.com and has not been used.'),
    ).toBeInTheDocument();
  },
};

/** The signed-in user opened the link of their own account: it is active already. */
export const AlreadyActive: Story = {
  args: { signedInAs: 'Ana@Example.com', signOut: never },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/The account ana@example.com is already active, and you are signed in with it./)).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Go to the start page' })).toHaveAttribute('href', '/home');
  },
};

// ---- the typed form (no link) ---------------------------------------------------------------------

/** /activate without a link: the code typed from the e-mail, with the story's fake calls. */
const typedArgs = { link: null, typed: { activate: typedActivate, resend } };
const KINDS = ['My own account', "A company's account (its first user)", "My access as a company's user"];

const typedCanvas = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  const email = await canvas.findByRole('textbox', { name: 'E-mail' });
  return { canvas, email, code: canvas.getByRole('textbox', { name: 'Activation code' }) };
};

/** Nothing typed: the three kinds of account as radios (the customer's own checked), no error before submit. */
export const TypedEmpty: Story = {
  args: typedArgs,
  play: async ({ canvasElement }) => {
    const { canvas, email, code } = await typedCanvas(canvasElement);
    const kinds = canvas.getByRole('radiogroup', { name: 'What are you activating?' });
    await expect(within(kinds).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(KINDS);
    await expect(within(kinds).getByRole('radio', { name: 'My own account' })).toBeChecked();
    await expect(email).toHaveValue('');
    await expect(code).toHaveValue('');
    await expect(canvas.queryByText('Required.')).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  },
};

/** Activate on the empty form: both errors show, nothing is sent, the focus goes to the e-mail. */
export const TypedInvalid: Story = {
  args: typedArgs,
  play: async ({ canvasElement }) => {
    const { canvas, email, code } = await typedCanvas(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Activate' }));
    await expect(await canvas.findAllByText('Required.')).toHaveLength(2);
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(email).toHaveFocus());
    await expect(typedActivate).not.toHaveBeenCalled();
  },
};

/** The code refused (the service's VF reply): its words show above the buttons, everything typed stays. */
export const TypedWrongCode: Story = {
  args: typedArgs,
  beforeEach: () =>
    void typedActivate.mockImplementation(async () => {
      throw readReplyError(200, { responseCode: 'VF', validationErrors: [{ param: 'activationCode', description: 'The activation code is not correct or has expired' }] });
    }),
  play: async ({ canvasElement }) => {
    const { canvas, email, code } = await typedCanvas(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: "A company's account (its first user)" }));
    await userEvent.type(email, 'ana@example.com');
    await userEvent.type(code, '000000');
    const button = canvas.getByRole('button', { name: 'Activate' });
    await userEvent.click(button);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The activation code is not correct or has expired');
    await expect(typedActivate).toHaveBeenCalledWith({ action: 'activationBusiness', user: 'ana@example.com', code: '000000' });
    await expect(canvas.getByRole('radio', { name: "A company's account (its first user)" })).toBeChecked();
    await expect(email).toHaveValue('ana@example.com');
    await expect(code).toHaveValue('000000');
    await expect(button).not.toHaveAttribute('aria-busy');
    await expect(screen.queryByRole('alertdialog')).toBeNull();
  },
};

/** A new code asked for: the page says where to look, the same words whether or not an account waits. */
export const TypedResent: Story = {
  args: typedArgs,
  beforeEach: () => void resend.mockImplementation(async () => undefined),
  play: async ({ canvasElement }) => {
    const { canvas, email } = await typedCanvas(canvasElement);
    await userEvent.type(email, 'ana@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Send the code again' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      'If an account with ana@example.com waits for activation, a new code is on its way. The code sent before no longer works.',
    );
    await expect(resend).toHaveBeenCalledWith('ana@example.com');
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(canvas.queryByText('Required.')).toBeNull();
  },
};

/** A new code asked for too often (a 429 with Retry-After): when to try again, the e-mail kept. */
export const TypedResendLimited: Story = {
  args: typedArgs,
  beforeEach: () =>
    void resend.mockImplementation(async () => {
      throw new ApiError({ kind: 'rateLimited', status: 429, retryAfterSeconds: 900 });
    }),
  play: async ({ canvasElement }) => {
    const { canvas, email } = await typedCanvas(canvasElement);
    await userEvent.type(email, 'ana@example.com');
    const button = canvas.getByRole('button', { name: 'Send the code again' });
    await userEvent.click(button);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 15 minutes.');
    await expect(canvas.queryByRole('status')).toBeNull();
    await expect(email).toHaveValue('ana@example.com');
    await expect(button).not.toHaveAttribute('aria-busy');
  },
};
