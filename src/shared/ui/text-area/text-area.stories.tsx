import { useState } from 'react';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, userEvent, within } from 'storybook/test';
import { TextArea, type TextAreaProps } from './text-area';

function Controlled(props: TextAreaProps) {
  const [value, setValue] = useState(props.value ?? '');
  return <TextArea {...props} value={value} onChange={setValue} />;
}

const meta: Meta<typeof Controlled> = {
  title: 'Design system/TextArea',
  component: Controlled,
  args: { label: 'Payments', description: 'One a line: e-mail, amount, note.' },
};
export default meta;
type Story = StoryObj<typeof Controlled>;

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const area = within(canvasElement).getByRole('textbox', { name: 'Payments' });
    await userEvent.type(area, 'ana@example.com,10{enter}bob@example.com,2.50');
    await expect(area).toHaveValue('ana@example.com,10\nbob@example.com,2.50');
  },
};

export const Invalid: Story = {
  args: { value: 'ana@example.com', errorMessage: 'Paste or type the payments, one a line: e-mail, amount, note.' },
  play: async ({ canvasElement }) => {
    const area = within(canvasElement).getByRole('textbox', { name: 'Payments' });
    await expect(area).toHaveAttribute('aria-invalid', 'true');
    await expect(area).toHaveAccessibleDescription(/one a line/);
  },
};
