import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, userEvent, waitFor, within, screen } from 'storybook/test';
import { fromPromise } from 'xstate';
import { withAppServices } from '../../../../.storybook/decorators';
import { deviceFormLogic } from '../model/device-form';
import { RegisterDeviceForm } from './register-device-form';

/** The form on its statechart with fake submit actors (no network). */
const refusing = deviceFormLogic.provide({
  actors: {
    submit: fromPromise<unknown, { values: Record<string, string> }>(async () => {
      throw { message: { text: 'A device with this pairing code is already registered' } };
    }),
  },
});
const accepting = deviceFormLogic.provide({
  actors: { submit: fromPromise<unknown, { values: Record<string, string> }>(async () => ({ id: 'dev-1' })) },
});

const meta: Meta<typeof RegisterDeviceForm> = {
  title: 'Features/RegisterDeviceForm',
  component: RegisterDeviceForm,
  decorators: [withAppServices],
  args: { logic: accepting },
};
export default meta;
type Story = StoryObj<typeof RegisterDeviceForm>;

export const EmptySubmitShowsEveryError: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Register device' }));
    await expect(await canvas.findByText('Enter a name for the device.')).toBeInTheDocument();
    await expect(canvas.getByText('Enter the pairing code shown in the mobile app.')).toBeInTheDocument();
    await expect(canvas.getByText('Choose Android or iOS.')).toBeInTheDocument();
    await waitFor(() => expect(canvas.getByLabelText(/Device name/)).toHaveFocus());
  },
};

async function fill(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByLabelText(/Device name/), 'Office tablet');
  await userEvent.type(canvas.getByLabelText(/Pairing code/), '990011');
  await userEvent.selectOptions(canvas.getByLabelText(/Platform/), 'iOS');
  await userEvent.click(canvas.getByRole('button', { name: 'Register device' }));
}

export const ServerRefusalKeepsInput: Story = {
  args: { logic: refusing },
  play: async ({ canvasElement }) => {
    await fill(canvasElement);
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('A device with this pairing code is already registered');
    await expect(canvas.getByLabelText(/Device name/)).toHaveValue('Office tablet');
    await expect(canvas.getByLabelText(/Pairing code/)).toHaveValue('990011');
  },
};

export const Registered: Story = {
  play: async ({ canvasElement }) => {
    await fill(canvasElement);
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('The device was registered. Approve it below to use it.')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Register another device' }));
    await expect(canvas.getByLabelText(/Device name/)).toHaveValue('');
  },
};
