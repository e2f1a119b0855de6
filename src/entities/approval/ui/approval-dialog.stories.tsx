import { useState } from 'react';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { approvalMachine, type ApprovalEvent } from '@machines/transfers/approval.machine';
import type { ApprovalReply, ApprovalStatus, ApproveType } from '@machines/transfers/approval.logic';
import type { UiMessage } from '@machines/shared/ui-message';
import { withAppServices } from '../../../../.storybook/decorators';
import { MobileAppContext, type MobileAppMessage } from '@/shared/model';
import { ApprovalDialog } from './approval-dialog';

const never = () => new Promise<never>(() => {});
const body = () => within(document.body);

/** Fake calls for the approval statechart; whatever is not given never answers. */
interface Fakes {
  reply: ApprovalReply;
  confirm?: (code: string) => Promise<void>;
  resend?: (approveType: ApproveType) => Promise<Partial<ApprovalReply>>;
  retryTransfer?: () => Promise<ApprovalReply>;
  /** approvalStatus, asked after a failed confirmation or resend. */
  status?: () => Promise<ApprovalStatus>;
  /** A push result to deliver once the popup waits (after `after` ms). */
  result?: { result: 'success' | 'failed' | 'rejected'; message?: string; after: number };
}

/** The dialog over a started approval actor (submitted at once with the given reply). */
function ApprovalStory({ fakes }: { fakes: Fakes }) {
  const [actor] = useState(() => {
    const a = createActor(
      approvalMachine.provide({
        actors: {
          submit: fromPromise(async () => fakes.reply),
          confirm: fromPromise(async ({ input }) => (fakes.confirm ?? never)(input.code)),
          resend: fromPromise(async ({ input }) => (fakes.resend ?? never)(input.approveType)),
          retryTransfer: fromPromise(async () => (fakes.retryTransfer ?? never)()),
          // Unless a story says otherwise, the operation still waits.
          status: fromPromise(async () => (fakes.status ? fakes.status() : { state: 'waiting' as const, reply: fakes.reply })),
          watch: fromCallback<ApprovalEvent, { reply: ApprovalReply }>(({ sendBack, input }) => {
            if (!fakes.result) return undefined;
            const { after, ...result } = fakes.result;
            const timer = setTimeout(() => sendBack({ type: 'RESULT', result: { ...result, operationId: input.reply.operationId } }), after);
            return () => clearTimeout(timer);
          }),
        },
        delays: { smsClose: 3000 },
      }),
      { input: { request: { method: 'ownAccountsTransfer', body: { fromAccount: 1, toAccount: 2, toAmount: '10.00', requestId: 'story-request-1' } } } },
    ).start();
    return a;
  });
  return <ApprovalDialog actor={actor} />;
}

const meta: Meta<typeof ApprovalStory> = {
  title: 'Entities/Approval/Approval popup',
  component: ApprovalStory,
  decorators: [withAppServices],
};
export default meta;
type Story = StoryObj<typeof ApprovalStory>;

const sms: ApprovalReply = { approveType: 'sms', operationId: 'op-1', transactionId: 77, approvalSentTo: '+40 7•• ••• 321', availableApprovalMethods: ['sms', 'otp', 'approvalCode'] };
const refused: UiMessage = { text: 'The code is not right' };

/** The SMS code popup: where the code went, the code field, a new code, other methods. */
export const SmsCode: Story = {
  args: { fakes: { reply: sms } },
  play: async () => {
    const dialog = await body().findByRole('dialog', { name: 'Confirm with a code' });
    await expect(dialog).toHaveTextContent('We sent a code by SMS to +40 7•• ••• 321.');
    await expect(within(dialog).getByLabelText('Code')).toHaveFocus();
    await expect(within(dialog).getByRole('button', { name: 'Use my authenticator app instead' })).toBeInTheDocument();
    await expect(within(dialog).getByRole('button', { name: 'Send the code by e-mail instead' })).toBeInTheDocument();
    await expect(within(dialog).queryByRole('button', { name: 'Send the code by SMS instead' })).toBeNull();
  },
};

/** Confirming: the button shows progress while the code is checked (loading). */
export const Confirming: Story = {
  args: { fakes: { reply: sms, confirm: never } },
  play: async () => {
    const dialog = await body().findByRole('dialog', { name: 'Confirm with a code' });
    await userEvent.type(within(dialog).getByLabelText('Code'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    // The pressed button shows its progress (and a second press does nothing).
    const pending = await within(dialog).findByRole('button', { busy: true });
    await expect(pending).toHaveAttribute('type', 'submit');
    await expect(within(pending).getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
  },
};

/** A refused code: the service's reason on the field, the field emptied; a new code is announced. */
export const WrongCode: Story = {
  args: {
    fakes: {
      reply: sms,
      confirm: () => Promise.reject(refused),
      status: async () => ({ state: 'waiting', reply: sms, attemptsLeft: 2 }),
      resend: async () => ({ approveType: 'sms' }),
    },
  },
  play: async () => {
    const dialog = await body().findByRole('dialog', { name: 'Confirm with a code' });
    await userEvent.type(within(dialog).getByLabelText('Code'), '000000{Enter}');
    await expect(await within(dialog).findByText('The code is not right')).toBeInTheDocument();
    await expect(within(dialog).getByLabelText('Code')).toHaveValue('');
    await expect(within(dialog).getByRole('status')).toHaveTextContent('You can try 2 more times.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send a new code' }));
    await expect(await within(dialog).findByRole('status')).toHaveTextContent('A new code is on its way.');
  },
};

/** An authenticator app makes its own codes: nothing to send, the other methods are offered. */
export const AuthenticatorCode: Story = {
  args: { fakes: { reply: { ...sms, approveType: 'otp', approvalSentTo: undefined } } },
  play: async () => {
    const dialog = await body().findByRole('dialog', { name: 'Confirm with a code' });
    await expect(dialog).toHaveTextContent('Type the code your authenticator app shows.');
    await expect(within(dialog).queryByRole('button', { name: 'Send a new code' })).toBeNull();
    await expect(within(dialog).getByRole('button', { name: /SMS/ })).toBeInTheDocument();
  },
};

/** The confirmation's reply was lost; the operation's status says it was approved: the success, not "nothing moved". */
export const LostConfirmation: Story = {
  args: {
    fakes: {
      reply: { ...sms, approveType: 'approvalCode' },
      confirm: () => Promise.reject({ text: 'Server is not available' }),
      status: async () => ({ state: 'approved', reply: { ...sms, approveType: 'approvalCode' } }),
    },
  },
  play: async () => {
    const dialog = await body().findByRole('dialog', { name: 'Confirm with a code' });
    await userEvent.type(within(dialog).getByLabelText('Code'), '123456{Enter}');
    await expect(await body().findByText('Successfully submitted')).toBeInTheDocument();
  },
};

/** Three wrong codes ended it: the popup says why and offers no code field. */
export const TooManyCodes: Story = {
  args: {
    fakes: {
      reply: sms,
      confirm: () => Promise.reject({ text: 'Too many wrong codes: the operation is cancelled' }),
      status: async () => ({ state: 'failed', reply: sms, reason: 'Too many wrong codes: the operation is cancelled' }),
    },
  },
  play: async () => {
    const dialog = await body().findByRole('dialog', { name: 'Confirm with a code' });
    await userEvent.type(within(dialog).getByLabelText('Code'), '000003{Enter}');
    await expect(await body().findByText('Too many wrong codes: the operation is cancelled')).toBeInTheDocument();
    await expect(body().queryByLabelText('Code')).toBeNull();
  },
};

/** The push popup: waiting for the phone, a code by SMS instead. */
export const Push: Story = {
  args: { fakes: { reply: { approveType: 'push', operationId: 'op-2', transactionId: 78, approvalSentTo: 'Pixel 8', availableApprovalMethods: ['push', 'sms'] }, resend: async () => ({ approveType: 'sms', approvalSentTo: '+40 7•• ••• 321' }) } },
  play: async () => {
    const dialog = await body().findByRole('dialog', { name: 'Approve on your phone' });
    await expect(dialog).toHaveTextContent('We sent a request to Pixel 8. Approve it there; this window follows.');
    await expect(within(dialog).getByRole('progressbar', { name: 'Waiting for your approval' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send the code by SMS instead' }));
    const code = await body().findByRole('dialog', { name: 'Confirm with a code' });
    await expect(code).toHaveTextContent('We sent a code by SMS to +40 7•• ••• 321.');
  },
};

const appSend = fn<(message: MobileAppMessage) => void>();

/** Inside the mobile app (wrapper mode, 000 s1) the push is on this phone: the app shows its approval screen for the operation. */
export const PushInMobileApp: Story = {
  args: Push.args,
  decorators: [
    (Story) => (
      <MobileAppContext.Provider value={{ send: appSend }}>
        <Story />
      </MobileAppContext.Provider>
    ),
  ],
  play: async () => {
    appSend.mockClear();
    const dialog = await body().findByRole('dialog', { name: 'Approve on your phone' });
    await expect(dialog).toHaveTextContent('Approve it in this app; this window follows.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open the approval' }));
    await expect(appSend).toHaveBeenCalledWith({ type: 'approvalPush', operationId: 'op-2' });
  },
};

/** Approved on the phone: the success popup, closed by the user. */
export const PushApproved: Story = {
  args: { fakes: { reply: { approveType: 'push', operationId: 'op-3' }, result: { result: 'success', after: 300 } } },
  play: async () => {
    const dialog = await body().findByRole('alertdialog', { name: 'Successfully submitted' }, { timeout: 3000 });
    await expect(dialog).not.toHaveTextContent('Not Operation Id');
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(body().queryByRole('alertdialog')).toBeNull());
  },
};

/** Rejected on the phone with a message: the message, as text. */
export const PushRejected: Story = {
  args: { fakes: { reply: { approveType: 'push', operationId: 'op-4' }, result: { result: 'rejected', message: 'Declined on the phone', after: 200 } } },
  play: async () => {
    const dialog = await body().findByRole('alertdialog', { name: 'Rejected' }, { timeout: 3000 });
    await expect(dialog).toHaveTextContent('Declined on the phone');
  },
};

/** A failed transaction: "Failed transaction" and Try again (retry transfer). */
export const Failed: Story = {
  args: { fakes: { reply: { approveType: 'push', operationId: 'op-5', transactionId: 79 }, result: { result: 'failed', after: 200 }, retryTransfer: never } },
  play: async () => {
    const dialog = await body().findByRole('alertdialog', { name: 'Failed transaction' }, { timeout: 3000 });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    const pending = await within(dialog).findByRole('button', { busy: true });
    await expect(within(pending).getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
  },
};

/** Mode none with a pending reply: the pending text with its asterisk explained. */
export const Pending: Story = {
  args: { fakes: { reply: { approveType: 'none', status: 'pending', transactionId: 80 } } },
  play: async () => {
    const dialog = await body().findByRole('alertdialog', { name: 'Successfully submitted, pending*' });
    await expect(dialog).toHaveTextContent('* The transfer is accepted and waits to be processed. You can follow it in your history.');
  },
};

/** An initiate-only user's transfer waits for an approver of the company (001 s4: approvalTransactionCreated). */
export const Requested: Story = {
  args: { fakes: { reply: { approveType: 'none', status: 'pending', transactionRequestId: 31 } } },
  play: async () => {
    const dialog = await body().findByRole('alertdialog', { name: 'Approval transaction created' });
    await expect(dialog).toHaveTextContent('An approver of your company has to approve it; nothing has moved yet. You can follow it in Approvals.');
  },
};

/** A code reply without an operation id (the empty state of the popup): the spec's text. */
export const NotOperationId: Story = {
  args: { fakes: { reply: { approveType: 'sms' } } },
  play: async () => {
    const dialog = await body().findByRole('alertdialog', { name: 'Failed transaction' });
    await expect(dialog).toHaveTextContent('Not Operation Id, Fail Operation');
    await expect(within(dialog).queryByRole('button', { name: 'Try again' })).toBeNull();
  },
};

/** After an SMS code the success closes by itself after 3 s. */
export const SmsSuccessCloses: Story = {
  args: { fakes: { reply: sms, confirm: async () => undefined } },
  play: async () => {
    const dialog = await body().findByRole('dialog', { name: 'Confirm with a code' });
    await userEvent.type(within(dialog).getByLabelText('Code'), '123456{Enter}');
    await expect(await body().findByRole('alertdialog', { name: 'Successfully submitted' })).toBeInTheDocument();
    await waitFor(() => expect(body().queryByRole('alertdialog')).toBeNull(), { timeout: 5000 });
  },
};

/** Cancel closes the code popup; nothing more is sent. */
export const Cancelled: Story = {
  args: { fakes: { reply: sms } },
  play: async () => {
    const dialog = await body().findByRole('dialog', { name: 'Confirm with a code' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
  },
};
