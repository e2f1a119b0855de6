import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, userEvent, within } from 'storybook/test';
import { Tabs } from './tabs';

const meta: Meta<typeof Tabs> = {
  title: 'Design system/Tabs',
  component: Tabs,
  tags: ['autodocs'],
  args: {
    label: 'Cards',
    items: [
      { id: 'physical', title: 'Physical cards', content: 'Your physical cards' },
      { id: 'virtual', title: 'Virtual cards', content: 'Your virtual cards' },
    ],
  },
};
export default meta;
type Story = StoryObj<typeof Tabs>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('tab', { name: 'Physical cards' }));
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Virtual cards' })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('Your virtual cards');
  },
};
