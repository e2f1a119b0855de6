import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, within } from 'storybook/test';
import { withAppServices, withRouter } from '../../../../.storybook/decorators';
import { oauthMessages } from '@machines/auth/oauth.machine';
import type { OAuthService } from '@/entities/partner-authorization';
import { OAuthAuthorizePage } from './oauth-authorize-page';

const waiting: OAuthService = { fetchAuthorizeUrl: () => new Promise(() => {}), authorize: () => new Promise(() => {}) };

/** /auth/sei with fake auth-service calls (no network, never leaves the page). */
const meta: Meta<typeof OAuthAuthorizePage> = {
  title: 'Pages/Connect an application',
  component: OAuthAuthorizePage,
  decorators: [withAppServices, withRouter],
  args: { authorizationId: 'a1', service: waiting },
};
export default meta;
type Story = StoryObj<typeof OAuthAuthorizePage>;

export const Consent: Story = {
  args: { service: { ...waiting, authorize: fn(() => new Promise<string>(() => {})) } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Connect an application' })).toBeInTheDocument();
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
