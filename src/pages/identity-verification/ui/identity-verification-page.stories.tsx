import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import type { IdentityCheck, IdentityStart, IdentityVerdict } from '@machines/verification/identity-verification.machine';
import { identityLogicFor } from '@/features/verify-identity';
import { withAppServices, withRouter } from '../../../../.storybook/decorators';
import { IdentityVerificationResultPage, VideoIdentityJobPage } from './identity-verification-page';

/** The result and a new run, faked: each story says how they answer. Nothing leaves the page. */
const verify = fn<(check: IdentityCheck) => Promise<IdentityVerdict>>();
const start = fn<() => Promise<IdentityStart>>();
const goToProvider = fn<(providerUrl: string) => void>();
const logic = identityLogicFor(() => ({ signedInId: 10, actingId: 10 })).provide({
  actors: { verify: fromPromise<IdentityVerdict, IdentityCheck>(({ input }) => verify(input)), start: fromPromise<IdentityStart>(() => start()) },
  actions: { goToProvider: (_, { providerUrl }) => goToProvider(providerUrl) },
});
const never = () => new Promise<never>(() => {});
const RUN_ID = '5e1c6d8a-0b7f-4a51-9c39-2f8d7c1e4b10';
const TOKEN = 'Zk9xS3dQbU1hTnJ0VjJ5Y0hXcUxkR0ZpZUJzYW1wbGU';
const NEXT: IdentityStart = { workflowRunId: 'b2a4', token: 'next-token', providerUrl: 'http://127.0.0.1:8788/__provider/identity/b2a4?token=next-token' };

/** Where the identity provider sends the browser back (002 s2). */
const meta: Meta<typeof IdentityVerificationResultPage> = {
  title: 'Pages/Identity verification',
  component: IdentityVerificationResultPage,
  decorators: [withAppServices, withRouter],
  args: { workflowRunId: RUN_ID, token: TOKEN, signedIn: true, logic },
  beforeEach: () => {
    verify.mockReset();
    verify.mockResolvedValue({ status: 'approved', reason: null });
    start.mockReset();
    start.mockResolvedValue(NEXT);
    goToProvider.mockReset();
  },
};
export default meta;
type Story = StoryObj<typeof IdentityVerificationResultPage>;

const heading = (canvasElement: HTMLElement) => within(canvasElement).getByRole('heading', { level: 1, name: 'Identity verification' });

/** The result is being asked for. */
export const Loading: Story = {
  beforeEach: () => void verify.mockImplementation(never),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The memory router renders its route a moment later.
    await expect(await canvas.findByRole('progressbar', { name: 'Checking your identity…' })).toBeInTheDocument();
    await expect(heading(canvasElement)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Identity verification · /));
  },
};

/** Approved: said so, with the way to the start page; the run and its token were asked about. */
export const Approved: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Your identity is verified')).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Go to the start page' })).toHaveAttribute('href', '/home');
    await expect(verify).toHaveBeenCalledWith({ workflowRunId: RUN_ID, token: TOKEN });
  },
};

/** Rejected: the provider's reason as text, and "Try again" starts a new run with the provider. */
export const Rejected: Story = {
  beforeEach: () => void verify.mockResolvedValue({ status: 'rejected', reason: 'The document photo is not readable <b>blurred</b>' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('We could not verify your identity')).toBeInTheDocument();
    await expect(canvas.getByText('The document photo is not readable <b>blurred</b>')).toBeInTheDocument();
    const again = canvas.getByRole('button', { name: 'Try again' });
    await userEvent.click(again);
    await waitFor(() => expect(goToProvider).toHaveBeenCalledWith(NEXT.providerUrl));
    await expect(again).toHaveAttribute('aria-busy', 'true');
  },
};

/** Rejected, and the new run cannot start: why, and the button tries again. */
export const RejectedStartFailed: Story = {
  beforeEach: () => {
    verify.mockResolvedValue({ status: 'rejected', reason: null });
    start.mockRejectedValueOnce({ text: 'The identity service is not available right now.' });
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const again = await canvas.findByRole('button', { name: 'Try again' });
    await userEvent.click(again);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The identity service is not available right now.');
    await expect(canvas.getByText('We could not verify your identity')).toBeInTheDocument();
    await userEvent.click(again);
    await waitFor(() => expect(goToProvider).toHaveBeenCalledWith(NEXT.providerUrl));
  },
};

/** The provider has not decided yet: the page says it asks again. */
export const Pending: Story = {
  beforeEach: () => void verify.mockResolvedValue({ status: 'pending' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('The identity provider has not finished the check yet. We will ask again in a moment.')).toBeInTheDocument();
    await expect(canvas.getByRole('progressbar', { name: 'Checking your identity…' })).toBeInTheDocument();
  },
};

/** Still undecided after every try (the delay shortened here): the customer will be told; "Check again" asks once more. */
export const StillChecking: Story = {
  args: { logic: logic.provide({ delays: { pollDelay: 5 } }) },
  beforeEach: () => void verify.mockResolvedValue({ status: 'pending' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('We are still checking your identity. We will let you know when it is done.', {}, { timeout: 3000 })).toBeInTheDocument();
    await expect(verify).toHaveBeenCalledTimes(11);
    verify.mockResolvedValue({ status: 'approved' });
    await userEvent.click(canvas.getByRole('button', { name: 'Check again' }));
    await expect(await canvas.findByText('Your identity is verified')).toBeInTheDocument();
  },
};

/** Not signed in on this device: nothing is asked; continue where the check started. */
export const NotSignedIn: Story = {
  args: { signedIn: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('The identity check is finished on this device. Continue where you started it.')).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    await expect(verify).not.toHaveBeenCalled();
  },
};

/** The result cannot be read: the service's words, and "Try again" asks again. */
export const Failed: Story = {
  beforeEach: () => void verify.mockRejectedValueOnce({ text: 'The service is busy. Please try again.' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('We could not get the result of the check');
    await expect(alert).toHaveTextContent('The service is busy. Please try again.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(await canvas.findByText('Your identity is verified')).toBeInTheDocument();
    await expect(verify).toHaveBeenCalledTimes(2);
  },
};

/** /video-identity-job/{id}: the video identification's result, asked for by the job. */
export const VideoJobApproved: Story = {
  render: (args) => <VideoIdentityJobPage id="vij_3f9a1c2b7d4e5f60" signedIn={args.signedIn} logic={args.logic} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Your identity is verified')).toBeInTheDocument();
    await expect(verify).toHaveBeenCalledWith({ videoIdentityJobId: 'vij_3f9a1c2b7d4e5f60' });
  },
};
