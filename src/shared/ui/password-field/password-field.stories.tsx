import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, userEvent, within } from 'storybook/test';
import { PasswordField } from './password-field';

const meta: Meta<typeof PasswordField> = {
  title: 'Design system/PasswordField',
  component: PasswordField,
  tags: ['autodocs'],
  args: { label: 'Password' },
};
export default meta;
type Story = StoryObj<typeof PasswordField>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText('Password');
    await userEvent.type(input, 'Demo-pass-1');
    await expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(canvas.getByRole('button', { name: 'Show password' }));
    await expect(input).toHaveAttribute('type', 'text');
    await expect(input).toHaveValue('Demo-pass-1');
    await userEvent.click(canvas.getByRole('button', { name: 'Hide password' }));
    await expect(input).toHaveAttribute('type', 'password');
  },
};
export const Invalid: Story = { args: { errorMessage: 'Enter your password.' } };
