import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { useMemo } from 'react';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import type { UiMessage } from '@machines/shared/ui-message';
import { walletLogic } from '../model/wallet';
import { WalletDialog } from './wallet-dialog';

const ADDRESS = '0x5f2d8c3b9a1e47f6d0c2b8a9e3f1d7c6b5a40e19';
const never = () => new Promise<never>(() => {});
const unavailable: UiMessage = { text: 'The wallet service is not available' };

/** The wallet statechart with fake calls: whether the app is required, then the address. */
function logic(checkRequirement: () => Promise<boolean>, createWallet: () => Promise<string>) {
  return walletLogic.provide({
    actors: {
      checkRequirement: fromPromise<boolean, { accountId: number }>(() => checkRequirement()),
      createWallet: fromPromise<string, { accountId: number; currencyCode: string }>(() => createWallet()),
    },
  });
}

/** The dialog renders in a portal: plays look in `screen`. */
const meta: Meta<typeof WalletDialog> = {
  title: 'Features/WalletDialog',
  component: WalletDialog,
  args: { accountId: 7, currencyCode: 'USDT', onClose: fn(), logic: logic(async () => false, async () => ADDRESS) },
};
export default meta;
type Story = StoryObj<typeof WalletDialog>;

export const Busy: Story = {
  args: { logic: logic(never, never) },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Your USDT wallet' });
    await expect(within(dialog).getByRole('progressbar', { name: 'Getting your wallet address' })).toBeInTheDocument();
  },
};

/** The address as selectable text and as a QR code. */
export const Shown: Story = {
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Your USDT wallet' });
    await expect(await within(dialog).findByRole('img', { name: 'QR code of the wallet address' })).toBeInTheDocument();
    await expect(within(dialog).getByText(ADDRESS)).toBeInTheDocument();
    await expect(within(dialog).getByText(/Send only USDT to this address/)).toBeInTheDocument();
    await expect(within(dialog).getByRole('button', { name: 'Copy address' })).toBeInTheDocument();
  },
};

/** The account's wallet lives in the mobile app: the dialog offers the app instead. */
export const MobileOnly: Story = {
  args: { logic: logic(async () => true, never) },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Your USDT wallet' });
    await expect(await within(dialog).findByText(/This wallet is managed in the mobile app/)).toBeInTheDocument();
    await expect(within(dialog).queryByRole('img', { name: 'QR code of the wallet address' })).toBeNull();
  },
};

/** The first try fails with the server's reason; Try again asks again and shows the address. */
export const Failed: Story = {
  render: function Render(args) {
    const failingOnce = useMemo(() => {
      let calls = 0;
      return logic(
        async () => false,
        async () => {
          calls += 1;
          if (calls === 1) throw unavailable;
          return ADDRESS;
        },
      );
    }, []);
    return <WalletDialog {...args} logic={failingOnce} />;
  },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Your USDT wallet' });
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent('The wallet service is not available');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await expect(await within(dialog).findByText(ADDRESS)).toBeInTheDocument();
    await expect(within(dialog).queryByRole('alert')).toBeNull();
  },
};
