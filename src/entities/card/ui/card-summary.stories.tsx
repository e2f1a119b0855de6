import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, within } from 'storybook/test';
import type { MainSchemas } from '@/shared/api';
import { withAppServices, withRouter } from '../../../../.storybook/decorators';
import { CardSummary } from './card-summary';

type Account = MainSchemas['Account'];

const card = (over: Partial<Account>): Account => ({
  accountId: 2001,
  type: 2010,
  accountStatusId: 2,
  customerId: 10,
  currencyCode: 'USD',
  balance: '310.00',
  cardIsVirtual: false,
  ...over,
});

/** The value next to a term of the card's facts (`<dt>` → `<dd>`), or null when the term is not shown. */
function fact(root: HTMLElement, term: string): HTMLElement | null {
  const dt = within(root).queryByText(term, { selector: 'dt' });
  return (dt?.nextElementSibling as HTMLElement | null) ?? null;
}

/** A card at the top of its detail: name, kind, status, expiry, the balance where the status shows one, a reissue under way. */
const meta: Meta<typeof CardSummary> = {
  title: 'Entities/CardSummary',
  component: CardSummary,
  decorators: [withAppServices, withRouter],
};
export default meta;
type Story = StoryObj<typeof CardSummary>;

export const ActivePhysical: Story = {
  args: { card: card({ cardAliasName: 'Travel card', cardExpiryMonth: 9, cardExpiryYear: 2028 }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = await canvas.findByRole('region', { name: 'Travel card' });
    await expect(within(region).getByRole('heading', { level: 1, name: 'Travel card' })).toBeInTheDocument();
    await expect(fact(region, 'Kind')).toHaveTextContent('Physical · Prepaid · USD');
    await expect(fact(region, 'Status')).toHaveTextContent('Active');
    await expect(fact(region, 'Expires')).toHaveTextContent('09/28');
    await expect(fact(region, 'Balance')).toHaveTextContent('$310.00');
    await expect(fact(region, 'New card')).toBeNull();
  },
};

/** Without an alias a virtual card is named by its kind; a paused card still shows its balance. */
export const PausedVirtual: Story = {
  args: { card: card({ accountId: 2002, type: 2020, accountStatusId: 71, cardIsVirtual: true, currencyCode: 'EUR', balance: '45.00', cardExpiryMonth: 3, cardExpiryYear: 2027 }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = await canvas.findByRole('region', { name: 'Virtual card' });
    await expect(fact(region, 'Kind')).toHaveTextContent('Virtual · Prepaid · EUR');
    await expect(fact(region, 'Status')).toHaveTextContent('Paused');
    await expect(fact(region, 'Expires')).toHaveTextContent('03/27');
    await expect(fact(region, 'Balance')).toHaveTextContent('€45.00');
  },
};

/** A shipped card is not in the customer's hands yet: no balance (the status table hides it), no expiry sent. */
export const Shipped: Story = {
  args: { card: card({ accountId: 2003, type: 2011, accountStatusId: 21, cardAliasName: 'Spare card', balance: '0.00' }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = await canvas.findByRole('region', { name: 'Spare card' });
    await expect(fact(region, 'Status')).toHaveTextContent('Shipped');
    await expect(fact(region, 'Balance')).toBeNull();
    await expect(fact(region, 'Expires')).toBeNull();
    await expect(within(region).queryByText('$0.00')).toBeNull();
  },
};

/** A reissue under way (cardReissuedStatusId 19): the new card's status is shown next to the current one's. */
export const Reissuing: Story = {
  args: { card: card({ cardAliasName: 'Travel card', cardExpiryMonth: 12, cardExpiryYear: 2026, cardReissuedStatusId: 19 }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = await canvas.findByRole('region', { name: 'Travel card' });
    await expect(fact(region, 'Status')).toHaveTextContent('Active');
    await expect(fact(region, 'New card')).toHaveTextContent('Printing');
    await expect(fact(region, 'Balance')).toHaveTextContent('$310.00');
  },
};

/** A finished reissue (the new card is active) is not "under way": nothing about a new card. */
export const ReissueDone: Story = {
  args: { card: card({ cardAliasName: 'Travel card', cardReissuedStatusId: 2 }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = await canvas.findByRole('region', { name: 'Travel card' });
    await expect(fact(region, 'New card')).toBeNull();
  },
};
