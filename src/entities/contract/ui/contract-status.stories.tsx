import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, within } from 'storybook/test';
import { CONTRACT_STATUSES } from '@machines/contracts/contract.rules';
import { ContractStatusBadge } from './contract-status';

/** Every contract status in words (000 s4), each in its tone: the words carry the meaning, the colour repeats it. */
function AllStatuses() {
  return (
    <ul style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', listStyle: 'none', padding: 0 }} aria-label="Statuses">
      {CONTRACT_STATUSES.map((status) => (
        <li key={status}>
          <ContractStatusBadge status={status} />
        </li>
      ))}
    </ul>
  );
}

const meta: Meta<typeof AllStatuses> = {
  title: 'Entities/Contract/Status',
  component: AllStatuses,
  parameters: { layout: 'padded' },
};
export default meta;
type Story = StoryObj<typeof AllStatuses>;

export const Every: Story = {
  play: async ({ canvasElement }) => {
    const items = within(canvasElement).getAllByRole('listitem');
    await expect(items.map((item) => item.textContent)).toEqual([
      'Not signed',
      'Waiting for a signature',
      'Waiting for identification',
      'Signed',
      'Active',
      'Ending',
      'Expired',
      'Terminated',
      'Cancelled',
      'Rejected',
    ]);
  },
};
