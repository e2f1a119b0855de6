import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, within } from 'storybook/test';
import { SANDBOX_CAPTCHA_TOKEN } from '@machines/registration/captcha';
import { SandboxCaptcha } from './captcha';

/** The sandbox's captcha (registration's create account): a tick that hands over the sandbox's test token. */
const meta: Meta<typeof SandboxCaptcha> = {
  title: 'Design system/SandboxCaptcha',
  component: SandboxCaptcha,
  args: { token: null, onToken: fn() },
};
export default meta;
type Story = StoryObj<typeof SandboxCaptcha>;

/** Not passed yet: ticking hands over the sandbox token. */
export const Unticked: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole('checkbox', { name: 'I am not a robot' });
    await expect(box).not.toBeChecked();
    await expect(canvas.getByText('A test check of the sandbox: the real service shows its own challenge here.')).toBeInTheDocument();
    await userEvent.click(box);
    await expect(args.onToken).toHaveBeenCalledTimes(1);
    await expect(args.onToken).toHaveBeenCalledWith(SANDBOX_CAPTCHA_TOKEN);
  },
};

/** Passed: unticking gives the token back (none held). */
export const Ticked: Story = {
  args: { token: SANDBOX_CAPTCHA_TOKEN },
  play: async ({ canvasElement, args }) => {
    const box = within(canvasElement).getByRole('checkbox', { name: 'I am not a robot' });
    await expect(box).toBeChecked();
    await userEvent.click(box);
    await expect(args.onToken).toHaveBeenCalledTimes(1);
    await expect(args.onToken).toHaveBeenCalledWith(null);
  },
};

/** Locked while the form is sent. */
export const Disabled: Story = {
  args: { token: SANDBOX_CAPTCHA_TOKEN, isDisabled: true },
  play: async ({ canvasElement, args }) => {
    const box = within(canvasElement).getByRole('checkbox', { name: 'I am not a robot' });
    await expect(box).toBeChecked();
    await expect(box).toBeDisabled();
    await userEvent.click(box, { pointerEventsCheck: 0 });
    await expect(args.onToken).not.toHaveBeenCalled();
  },
};
