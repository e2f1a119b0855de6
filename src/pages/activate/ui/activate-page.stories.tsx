import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, screen, userEvent, within } from 'storybook/test';
import { withAppServices, withAppStart, withRouter } from '../../../../.storybook/decorators';
import { ApiError } from '@/shared/api';
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

/** /activate with fake activation calls (no network). */
const meta: Meta<typeof ActivatePage> = {
  title: 'Pages/Account activation',
  component: ActivatePage,
  decorators: [withAppServices, withAppStart, withRouter],
  args: { link, activate: never },
};
export default meta;
type Story = StoryObj<typeof ActivatePage>;

export const Activating: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('progressbar', { name: 'Activating your account…' })).toBeInTheDocument();
  },
};

/** A refused code: the error popup lists the reasons; the page offers sign-in. */
export const Refused: Story = {
  args: { activate: refused },
  play: async ({ canvasElement }) => {
    const popup = await screen.findByRole('alertdialog');
    await expect(popup).toHaveTextContent('The activation code is not correct or has expired');
    await expect(await within(canvasElement).findByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
  },
};

export const WithoutLink: Story = {
  args: { link: null },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/Open the activation link/)).toBeInTheDocument();
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
