import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, within } from 'storybook/test';
import { withAppServices, withRouter } from '../../../../.storybook/decorators';
import { oauthMessages } from '@machines/auth/oauth.machine';
import type { OAuthService } from '@/entities/partner-authorization';
import { OAuthAuthorizePage } from './oauth-authorize-page';

const partner = { clientName: 'Ledgerly Books <b>', scopes: ['accounts.read', 'transactions.read', 'payments.prepare'] as const };
const waiting: OAuthService = { fetchAuthorizeUrl: () => new Promise(() => {}), authorize: () => new Promise(() => {}), fetchPartner: async () => partner };

/** /auth/sei with fake auth-service calls (no network, never leaves the page). */
const meta: Meta<typeof OAuthAuthorizePage> = {
  title: 'Pages/Connect an application',
  component: OAuthAuthorizePage,
  decorators: [withAppServices, withRouter],
  args: { authorizationId: 'a1', service: waiting },
};
export default meta;
type Story = StoryObj<typeof OAuthAuthorizePage>;

/** Who asks is being asked: nothing to allow yet. */
export const Loading: Story = {
  args: { service: { ...waiting, fetchPartner: () => new Promise(() => {}) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('progressbar', { name: 'Connecting…' })).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Allow access' })).toBeNull();
  },
};

/** The page names the partner (as text) and what it may do (issue 47); Allow sends the decision once. */
export const Consent: Story = {
  args: { service: { ...waiting, authorize: fn(() => new Promise<string>(() => {})) } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Connect an application' })).toBeInTheDocument();
    await expect(canvas.getByText('Ledgerly Books <b> asks for access to your account. Allow it only if you started this connection yourself.')).toBeInTheDocument();
    await expect(canvasElement.querySelector('b')).toBeNull();
    await expect(within(canvas.getByRole('list', { name: 'Ledgerly Books <b> will be able to:' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'See your accounts and their balances',
      'See your transaction history',
      'Prepare payments, which you still approve in the app',
    ]);
    await userEvent.click(canvas.getByRole('button', { name: 'Allow access' }));
    await expect(args.service!.authorize).toHaveBeenCalledWith('a1');
    await expect(canvas.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  },
};

/** The partner's address is not https: the customer is not sent there and can try again. */
export const NotSecure: Story = {
  args: {
    service: {
      ...waiting,
      authorize: async () => {
        throw { kind: 'failed', message: { descriptor: oauthMessages.unsafeTarget } };
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Allow access' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('is not a secure web address');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};

/** Who asks could not be learnt (not a 404): the customer can try again, nothing is allowed meanwhile. */
export const PartnerUnknown: Story = {
  args: {
    service: {
      ...waiting,
      fetchPartner: async () => {
        throw { kind: 'failed', message: { text: 'Server is not available' } };
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Server is not available');
    await expect(canvas.queryByRole('button', { name: 'Allow access' })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};
