import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, userEvent, within } from 'storybook/test';
import { MoneyField, NumberField } from './number-field';

const meta: Meta<typeof MoneyField> = {
  title: 'Design system/MoneyField',
  component: MoneyField,
  tags: ['autodocs'],
  args: { label: 'Amount', currency: 'EUR' },
};
export default meta;
type Story = StoryObj<typeof MoneyField>;

export const Euro: Story = {
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('Amount');
    await userEvent.type(input, '1234.5');
    await userEvent.tab();
    await expect(input).toHaveValue('1,234.50');
  },
};
export const EightDecimals: Story = { args: { currency: 'USD', defaultValue: 0.12345678 } };
export const Invalid: Story = { args: { errorMessage: 'Insufficient funds', defaultValue: 5000 } };
export const PlainNumber: StoryObj<typeof NumberField> = {
  render: () => <NumberField label="Number of payments" defaultValue={3} />,
};
