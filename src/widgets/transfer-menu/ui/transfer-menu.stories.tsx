import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, within } from 'storybook/test';
import { withRouter } from '../../../../.storybook/decorators';
import { TransferMenuView } from './transfer-menu';

/** The links between the kinds of transfer, as the permission flags offer them. */
const meta: Meta<typeof TransferMenuView> = {
  title: 'Widgets/Transfer menu',
  component: TransferMenuView,
  decorators: [withRouter],
};
export default meta;
type Story = StoryObj<typeof TransferMenuView>;

/** Both kinds offered: their links, the preapproved payments and the invoices (paid by p2p). */
export const Filled: Story = {
  args: { flags: { withdrawOwn: { betweenAccounts: true }, sendMoneyUser: true, massSending: { user: true } } },
  play: async ({ canvasElement }) => {
    const nav = await within(canvasElement).findByRole('navigation', { name: 'Kinds of transfer' });
    await expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Between your accounts', 'Send to a person', 'Send to many people', 'Preapproved payments', 'Invoices']);
    await expect(within(nav).getByRole('link', { name: 'Invoices' })).toHaveAttribute('href', '/transfer/invoices');
    await expect(within(nav).getByRole('link', { name: 'Send to a person' })).toHaveAttribute('href', '/transfer/p2p');
  },
};

/** Every flag: the external transfers' page too. */
export const AllKinds: Story = {
  args: { flags: { withdrawOwn: { betweenAccounts: true, wire: true }, sendMoneyUser: true, sendToOthers: { crypto: true }, massSending: { user: true } } },
  play: async ({ canvasElement }) => {
    const nav = await within(canvasElement).findByRole('navigation', { name: 'Kinds of transfer' });
    await expect(within(nav).getByRole('link', { name: 'Send to a bank, card or wallet' })).toHaveAttribute('href', '/transfer/external');
  },
};

/** Only own accounts and asking for money: the invoices are offered without p2p (001 s3 requestMoney). */
export const RequestMoneyOnly: Story = {
  args: { flags: { withdrawOwn: { betweenAccounts: true }, requestMoney: true } },
  play: async ({ canvasElement }) => {
    const nav = await within(canvasElement).findByRole('navigation', { name: 'Kinds of transfer' });
    await expect(within(nav).getByRole('link', { name: 'Invoices' })).toBeInTheDocument();
    await expect(within(nav).queryByRole('link', { name: 'Send to a person' })).toBeNull();
  },
};

/** No transfer offered: no menu. */
export const Empty: Story = {
  args: { flags: {} },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('navigation')).toBeNull();
  },
};
