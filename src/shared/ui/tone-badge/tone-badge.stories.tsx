import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, within } from 'storybook/test';
import { ToneBadge } from './tone-badge';

/** Each tone of a status badge, with words that carry the meaning (the colour only repeats it). */
function Tones() {
  return (
    <p style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}>
      <ToneBadge tone="info">Signed</ToneBadge>
      <ToneBadge tone="warning">Waiting for a signature</ToneBadge>
      <ToneBadge tone="success">Active</ToneBadge>
      <ToneBadge tone="danger">Overdue</ToneBadge>
      <ToneBadge tone="neutral">Expired</ToneBadge>
    </p>
  );
}

const meta: Meta<typeof Tones> = { title: 'Shared/ToneBadge', component: Tones, parameters: { layout: 'padded' } };
export default meta;

export const EveryTone: StoryObj<typeof Tones> = {
  play: async ({ canvasElement }) => {
    for (const text of ['Signed', 'Waiting for a signature', 'Active', 'Overdue', 'Expired']) await expect(within(canvasElement).getByText(text)).toBeVisible();
  },
};
