import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Switch } from './switch';

const onChange = fn<(isSelected: boolean) => void>();

/** A switch that keeps its own value (what a caller does with `isSelected` and `onChange`). */
function Controlled({ initial = false, isPending = false, isDisabled = false, label = 'Money received' }: { initial?: boolean; isPending?: boolean; isDisabled?: boolean; label?: string }) {
  const [on, setOn] = useState(initial);
  return (
    <Switch
      isSelected={on}
      isPending={isPending}
      isDisabled={isDisabled}
      onChange={(next) => {
        onChange(next);
        setOn(next);
      }}
    >
      {label}
    </Switch>
  );
}

const meta: Meta<typeof Controlled> = {
  title: 'Design system/Switch',
  component: Controlled,
  tags: ['autodocs'],
  beforeEach: () => {
    onChange.mockReset();
  },
};
export default meta;
type Story = StoryObj<typeof Controlled>;

/** Off, then on by a click and off again by Space: named by its label, no "Saving…". */
export const Toggle: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const control = canvas.getByRole('switch', { name: 'Money received' });
    await expect(control).not.toBeChecked();
    await userEvent.click(canvas.getByText('Money received'));
    await expect(control).toBeChecked();
    await expect(onChange).toHaveBeenLastCalledWith(true);
    await expect(control).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(control).not.toBeChecked();
    await expect(control).not.toHaveAttribute('aria-busy');
    await expect(canvas.queryByText('Saving…')).toBeNull();
  },
};

/** Saving: busy, described by the visible "Saving…", focusable, and a press changes nothing. */
export const Pending: Story = {
  args: { initial: true, isPending: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const control = canvas.getByRole('switch', { name: 'Money received' });
    await expect(control).toHaveAttribute('aria-busy', 'true');
    await expect(control).toHaveAccessibleDescription('Saving…');
    await expect(canvas.getByText('Saving…')).toBeVisible();
    await userEvent.click(control);
    await expect(control).toBeChecked();
    await expect(onChange).not.toHaveBeenCalled();
  },
};

/** Disabled: not operable. */
export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('switch', { name: 'Money received' })).toBeDisabled();
  },
};

/** A long label in a 320 px column wraps beside the track; nothing overflows. */
export const LongLabelNarrow: Story = {
  args: { label: 'Уведомления о перемещении денег между вашими собственными счетами и картами', isPending: true },
  decorators: [
    (Story) => (
      <div style={{ width: '320px', maxWidth: '100%' }} data-testid="column">
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const column = within(canvasElement).getByTestId('column');
    await expect(column.scrollWidth).toBeLessThanOrEqual(column.clientWidth);
  },
};
