import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { taskMachine } from '@machines/shared/task.machine';
import type { PaymentInstruction } from '@/entities/history';
import { withAppServices } from '../../../../.storybook/decorators';
import { MarkViewedButton } from './mark-viewed-button';

const instruction: PaymentInstruction = { id: 1, accountId: 1001, bankAccountNumber: '0001234567', bankName: 'First Demo Bank', currencyCode: 'USD', viewed: false };
const mark = fn(async () => undefined);
const fake = (run: () => Promise<void>) => taskMachine.provide({ actors: { run: fromPromise(run) } });

/** "Mark as viewed" of a payment instruction: pressed once; while it is sent; refused (said beside it, may be tried again). */
const meta: Meta<typeof MarkViewedButton> = {
  title: 'Features/MarkViewedButton',
  component: MarkViewedButton,
  decorators: [withAppServices],
  args: { instruction },
  beforeEach: () => {
    mark.mockClear();
  },
};
export default meta;
type Story = StoryObj<typeof MarkViewedButton>;

/** Pressed: the call is made once. */
export const Filled: Story = {
  args: { logic: fake(mark) },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Mark as viewed' }));
    await waitFor(() => expect(mark).toHaveBeenCalledTimes(1));
    await expect(within(canvasElement).queryByRole('alert')).toBeNull();
  },
};

/** While it is sent: the button shows progress. */
export const Loading: Story = {
  args: { logic: fake(() => new Promise<void>(() => undefined)) },
  play: async ({ canvasElement }) => {
    const button = await within(canvasElement).findByRole('button', { name: 'Mark as viewed' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-disabled', 'true'));
  },
};

/** Refused: the service's words beside the button. */
export const Error: Story = {
  args: {
    logic: fake(async () => {
      throw { text: 'The instruction could not be marked' };
    }),
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Mark as viewed' }));
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('The instruction could not be marked');
  },
};
