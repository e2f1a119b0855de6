import type { Decorator, Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import type { IdentityStart } from '@machines/verification/identity-verification.machine';
import { MobileAppContext, type MobileAppMessage } from '@/shared/model';
import { withAppServices } from '../../../../.storybook/decorators';
import { identityLogicFor } from '../model/identity-actors';
import { StartIdentityVerification } from './start-identity-verification';

/** The run's start and the page move, faked: each story says how the start answers. */
const start = fn<() => Promise<IdentityStart>>();
const goToProvider = fn<(providerUrl: string) => void>();
const appSend = fn<(message: MobileAppMessage) => void>();
const logic = identityLogicFor(() => ({ signedInId: 10, actingId: 10 })).provide({
  actors: { start: fromPromise<IdentityStart>(() => start()) },
  actions: { goToProvider: (_, { providerUrl }) => goToProvider(providerUrl) },
});
const RUN: IdentityStart = {
  workflowRunId: '5e1c6d8a-0b7f-4a51-9c39-2f8d7c1e4b10',
  token: 'sdk-token',
  providerUrl: 'http://127.0.0.1:8788/__provider/identity/5e1c6d8a-0b7f-4a51-9c39-2f8d7c1e4b10?token=sdk-token',
};

/** Inside the mobile app (wrapper mode): the page's messages go to the app. */
const inMobileApp: Decorator = (Story) => (
  <MobileAppContext.Provider value={{ send: appSend }}>
    <Story />
  </MobileAppContext.Provider>
);

/** "Verify your identity", as /kyc and /profile show it. */
const meta: Meta<typeof StartIdentityVerification> = {
  title: 'Features/Verify identity/Start',
  component: StartIdentityVerification,
  decorators: [withAppServices],
  args: { logic },
  beforeEach: () => {
    start.mockReset();
    start.mockResolvedValue(RUN);
    goToProvider.mockReset();
    appSend.mockReset();
  },
};
export default meta;
type Story = StoryObj<typeof StartIdentityVerification>;

/** Pressed: the run starts and the browser goes to the provider's page; the button keeps waiting while the page leaves. */
export const GoesToProvider: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Verify your identity' });
    await userEvent.click(button);
    await waitFor(() => expect(goToProvider).toHaveBeenCalledWith(RUN.providerUrl));
    await expect(start).toHaveBeenCalledTimes(1);
    await expect(button).toHaveAttribute('aria-busy', 'true');
  },
};

/** The start never answers: the button waits and ignores more presses. */
export const Starting: Story = {
  beforeEach: () => void start.mockImplementation(() => new Promise<never>(() => {})),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Verify your identity' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    await userEvent.click(button);
    await expect(start).toHaveBeenCalledTimes(1);
  },
};

/** The start fails: the service's words as text; pressing again tries again. */
export const Failed: Story = {
  beforeEach: () => void start.mockRejectedValueOnce({ text: 'The identity service is not available right now.' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Verify your identity' });
    await userEvent.click(button);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The identity service is not available right now.');
    await expect(goToProvider).not.toHaveBeenCalled();
    await userEvent.click(button);
    await waitFor(() => expect(goToProvider).toHaveBeenCalledWith(RUN.providerUrl));
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** In the mobile app: the run goes to the app (identityVerificationStart), the page says to continue there. */
export const InMobileApp: Story = {
  decorators: [inMobileApp],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Verify your identity' }));
    await expect(await canvas.findByText('Continue in the app.')).toBeInTheDocument();
    await expect(appSend).toHaveBeenCalledWith({ type: 'identityVerificationStart', workflowRunId: RUN.workflowRunId, token: RUN.token });
    await expect(goToProvider).not.toHaveBeenCalled();
  },
};
