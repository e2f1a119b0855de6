import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from './button';

const meta: Meta<typeof Button> = {
  title: 'Design system/Button',
  component: Button,
  tags: ['autodocs'],
  args: { children: 'Send money', onPress: fn() },
};
export default meta;
type Story = StoryObj<typeof Button>;

export const Primary: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Send money' }));
    await expect(args.onPress).toHaveBeenCalledTimes(1);
  },
};
export const Secondary: Story = { args: { variant: 'secondary' } };
export const Ghost: Story = { args: { variant: 'ghost' } };
export const Danger: Story = { args: { variant: 'danger', children: 'Cancel card' } };
export const Disabled: Story = { args: { isDisabled: true } };
/** A money submit in flight ignores further presses: the double-submission guard. */
export const Pending: Story = {
  args: { isPending: true },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button');
    await userEvent.click(button);
    await userEvent.click(button);
    await expect(args.onPress).not.toHaveBeenCalled();
  },
};
export const LongRussianText: Story = { args: { children: 'Подтвердить перевод на сумму со счёта в евро' } };
