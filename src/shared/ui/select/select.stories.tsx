import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Select } from './select';

const meta: Meta<typeof Select> = {
  title: 'Design system/Select',
  component: Select,
  tags: ['autodocs'],
  args: {
    label: 'Currency',
    placeholder: 'Choose a currency',
    options: [
      { id: 'USD', label: 'US dollar' },
      { id: 'EUR', label: 'Euro' },
      { id: 'RON', label: 'Romanian leu' },
    ],
    onSelectionChange: fn(),
  },
};
export default meta;
type Story = StoryObj<typeof Select>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const select = within(canvasElement).getByRole('combobox', { name: 'Currency' });
    await userEvent.selectOptions(select, 'Euro');
    await expect(args.onSelectionChange).toHaveBeenCalledWith('EUR');
    await expect(select).toHaveValue('EUR');
  },
};
export const Invalid: Story = { args: { errorMessage: 'Choose a currency.' } };
