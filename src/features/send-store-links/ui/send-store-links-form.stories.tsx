import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { storeLinksFormMachine } from '@machines/auth/store-links.logic';
import { SendStoreLinksForm } from './send-store-links-form';

const sent = storeLinksFormMachine.provide({ actors: { submit: fromPromise<unknown, { values: Record<string, string> }>(async () => null) } });
const limited = storeLinksFormMachine.provide({
  actors: {
    submit: fromPromise<unknown, { values: Record<string, string> }>(async () => {
      throw { message: { text: 'Too many messages to this number. Try again in 10 minutes.' } };
    }),
  },
});

const meta: Meta<typeof SendStoreLinksForm> = {
  title: 'Features/SendStoreLinksForm',
  component: SendStoreLinksForm,
  args: { logic: sent },
};
export default meta;
type Story = StoryObj<typeof SendStoreLinksForm>;

export const NotInternational: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/Mobile number/), '0712 345 678');
    await userEvent.click(canvas.getByRole('button', { name: 'Send links' }));
    await expect(await canvas.findByText(/international format, starting with \+/)).toBeInTheDocument();
    await waitFor(() => expect(canvas.getByLabelText(/Mobile number/)).toHaveFocus());
  },
};

export const Sent: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/Mobile number/), '+40 (712) 345-678');
    await userEvent.click(canvas.getByRole('button', { name: 'Send links' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent('We sent the links to +40712345678.');
  },
};

export const RateLimited: Story = {
  args: { logic: limited },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/Mobile number/), '+40712345678');
    await userEvent.click(canvas.getByRole('button', { name: 'Send links' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Too many messages');
    await expect(canvas.getByLabelText(/Mobile number/)).toHaveValue('+40712345678');
  },
};
