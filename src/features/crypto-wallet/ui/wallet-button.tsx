import { useLingui } from '@lingui/react/macro';
import { useDisclosure } from '@/shared/model';
import { Button, onDemandDialog } from '@/shared/ui';

const Wallet = onDemandDialog(() => import(/* webpackChunkName: "crypto-wallet" */ './wallet-dialog').then((m) => m.WalletDialog));

/** "Wallet address" on a crypto account; the dialog (and its QR code) is fetched once the browser is idle after the button showed, or when it is wanted. */
export function WalletButton({ accountId, currencyCode }: { accountId: number; currencyCode: string }) {
  Wallet.usePreloadWhenIdle();
  const { t } = useLingui();
  const dialog = useDisclosure();
  return (
    <>
      <Button
        variant="ghost"
        aria-haspopup="dialog"
        aria-label={t`${currencyCode} wallet address`}
        onPointerEnter={Wallet.preload}
        onFocus={Wallet.preload}
        onPress={dialog.toggle}
      >
        {t`Wallet address`}
      </Button>
      {dialog.open ? <Wallet.Lazy accountId={accountId} currencyCode={currencyCode} onClose={dialog.close} /> : null}
    </>
  );
}
