import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, within } from 'storybook/test';
import type { Account } from '@/entities/account';
import { withRouter } from '../../../../.storybook/decorators';
import { CardTile } from './card-tile';

const card = (over: Partial<Account>): Account => ({
  accountId: 2001,
  type: 2010,
  accountStatusId: 2,
  customerId: 10,
  currencyCode: 'USD',
  balance: '310.00',
  cardIsVirtual: false,
  settlementAccountId: 1001,
  ...over,
});

/** A card on home: the whole tile is one link to the card's detail (name, kind, status, expiry, balance). */
const meta: Meta<typeof CardTile> = {
  title: 'Widgets/CardTile',
  component: CardTile,
  decorators: [withRouter, (Story) => <div style={{ maxWidth: '18rem' }}><Story /></div>],
};
export default meta;
type Story = StoryObj<typeof CardTile>;

export const ActivePhysical: Story = {
  args: { card: card({ cardAliasName: 'Travel card', cardExpiryMonth: 9, cardExpiryYear: 2028 }) },
  play: async ({ canvasElement }) => {
    const link = await within(canvasElement).findByRole('link');
    await expect(link).toHaveAttribute('href', '/cards/2001');
    await expect(link).toHaveTextContent('Travel card');
    await expect(link).toHaveTextContent('Physical · Active · expires 09/28');
    await expect(link).toHaveTextContent('$310.00');
  },
};

export const PausedVirtual: Story = {
  args: { card: card({ accountId: 2002, type: 2020, accountStatusId: 71, cardIsVirtual: true, cardAliasName: 'Online shopping', currencyCode: 'EUR', balance: '45.00', cardExpiryMonth: 3, cardExpiryYear: 2027 }) },
  play: async ({ canvasElement }) => {
    const link = await within(canvasElement).findByRole('link');
    await expect(link).toHaveAttribute('href', '/cards/2002');
    await expect(link).toHaveTextContent('Virtual · Paused · expires 03/27');
    await expect(link).toHaveTextContent('€45.00');
  },
};

/** Without an alias the tile is named by its kind; without an expiry none is shown. */
export const WithoutAlias: Story = {
  args: { card: card({ accountId: 2003 }) },
  play: async ({ canvasElement }) => {
    const link = await within(canvasElement).findByRole('link');
    await expect(link).toHaveTextContent(/^Card/);
    await expect(link).toHaveTextContent('Physical · Active');
    await expect(link).not.toHaveTextContent('expires');
  },
};

export const Expired: Story = {
  args: { card: card({ accountId: 2004, accountStatusId: 38, cardAliasName: 'Old travel card', cardExpiryMonth: 1, cardExpiryYear: 2025, balance: '0.00' }) },
  play: async ({ canvasElement }) => {
    const link = await within(canvasElement).findByRole('link');
    await expect(link).toHaveTextContent('Physical · Expired · expires 01/25');
    await expect(link).toHaveAttribute('href', '/cards/2004');
  },
};

/** A debit card has no detail page (only prepaid cards do): its tile opens the settlement account's history. */
export const Debit: Story = {
  args: { card: card({ accountId: 2005, subType: 'DEBIT', cardAliasName: 'Debit card', settlementAccountId: 1001 }) },
  play: async ({ canvasElement }) => {
    const link = await within(canvasElement).findByRole('link');
    await expect(link).toHaveTextContent('Debit card');
    await expect(link.getAttribute('href')).toMatch(/^\/history\?accountId=(%22)?1001(%22)?$/);
  },
};
