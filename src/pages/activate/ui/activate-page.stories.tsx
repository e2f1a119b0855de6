import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, screen, within } from 'storybook/test';
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
