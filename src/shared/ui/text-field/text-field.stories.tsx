import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, userEvent, within } from 'storybook/test';
import { TextField } from './text-field';

const meta: Meta<typeof TextField> = {
  title: 'Design system/TextField',
  component: TextField,
  tags: ['autodocs'],
  args: { label: 'E-mail', description: 'We never share your address.' },
};
export default meta;
type Story = StoryObj<typeof TextField>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('E-mail');
    await userEvent.type(input, 'ana@example.com');
    await expect(input).toHaveValue('ana@example.com');
  },
};
export const Invalid: Story = {
  args: { errorMessage: 'Enter a valid e-mail address, like name@example.com.', defaultValue: 'ana@' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText('E-mail');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveValue('ana@');
    await expect(canvas.getByText(/valid e-mail/)).toBeInTheDocument();
  },
};
export const Disabled: Story = { args: { isDisabled: true, defaultValue: 'ana@example.com' } };
export const LongRussianError: Story = {
  args: { label: 'Сумма перевода', errorMessage: 'Недостаточно средств на счёте для выполнения этого перевода' },
};
