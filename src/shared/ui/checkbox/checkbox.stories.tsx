import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, userEvent, within } from 'storybook/test';
import { Checkbox } from './checkbox';
import { RadioGroup } from '../radio-group/radio-group';

const meta: Meta<typeof Checkbox> = {
  title: 'Design system/Checkbox and RadioGroup',
  component: Checkbox,
  tags: ['autodocs'],
  args: { children: 'I have read and accept the terms' },
};
export default meta;
type Story = StoryObj<typeof Checkbox>;

export const CheckboxDefault: Story = {
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole('checkbox');
    await userEvent.click(box);
    await expect(box).toBeChecked();
  },
};
export const Radios: Story = {
  render: () => (
    <RadioGroup
      label="Fee paid by"
      options={[
        { id: 'sender', label: 'Sender' },
        { id: 'beneficiary', label: 'Beneficiary' },
      ]}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByText('Beneficiary'));
    await expect(canvas.getByRole('radio', { name: 'Beneficiary' })).toBeChecked();
  },
};
