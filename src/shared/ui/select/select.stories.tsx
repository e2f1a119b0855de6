import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, within, screen } from 'storybook/test';
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
    await userEvent.click(within(canvasElement).getByRole('button'));
    await userEvent.click(await screen.findByRole('option', { name: 'Euro' }));
    await expect(args.onSelectionChange).toHaveBeenCalledWith('EUR');
  },
};
export const Invalid: Story = { args: { errorMessage: 'Choose a currency.' } };
