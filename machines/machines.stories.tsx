import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, within } from 'storybook/test';
import { MachineDiagram } from '../.storybook/machine-diagram';
import { machineRegistry } from './registry';

/**
 * The "Machines" section: every statechart in machines/registry.ts drawn from its definition.
 * A new machine appears by adding one line to the registry and one story below.
 */
const meta: Meta<typeof MachineDiagram> = {
  title: 'Machines',
  component: MachineDiagram,
  tags: ['no-brand-matrix'],
  parameters: { layout: 'fullscreen' },
};
export default meta;

type Story = StoryObj<typeof MachineDiagram>;

const story = (name: keyof typeof machineRegistry): Story => ({
  args: machineRegistry[name],
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    // Every state of the definition is drawn.
    const count = (node: { states: Record<string, unknown> }): number =>
      1 + Object.values(node.states).reduce<number>((n, c) => n + count(c as never), 0);
    await expect(canvas.getAllByRole('region', { name: /^state / })).toHaveLength(count(args.machine!.root));
  },
});

export const AppStart: Story = story('appStart');
export const Notifications: Story = story('notifications');
export const NotificationTimer: Story = story('notificationTimer');
export const Login: Story = story('login');
export const Session: Story = story('session');
export const AppState: Story = story('appState');
