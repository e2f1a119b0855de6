import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, userEvent, within } from 'storybook/test';
import { useState } from 'react';
import { Checkbox } from './checkbox';
import { CheckboxGroup } from './checkbox-group';
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
export const Group: Story = {
  render: function GroupStory() {
    const [value, setValue] = useState<string[]>(['wire']);
    return (
      <CheckboxGroup
        label="Types"
        options={[
          { id: 'wire', label: 'Wire' },
          { id: 'eft', label: 'EFT' },
          { id: 'p2p', label: 'To people' },
        ]}
        value={value}
        onChange={setValue}
      />
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group', { name: 'Types' })).toBeInTheDocument();
    await userEvent.click(canvas.getByText('To people'));
    await userEvent.click(canvas.getByText('Wire'));
    await expect(canvas.getByRole('checkbox', { name: 'To people' })).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: 'Wire' })).not.toBeChecked();
  },
};
