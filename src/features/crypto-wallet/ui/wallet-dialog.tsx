import { useActorRef, useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import { QRCodeSVG } from 'qrcode.react';
import { uiMessageText } from '@/shared/lib';
import { inspectOptions, useBrand, useDisclosure } from '@/shared/model';
import { Button, Dialog, FormAlert, Preloader, StoreLinkItems } from '@/shared/ui';
import { walletLogic } from '../model/wallet';
import styles from './wallet.module.css';

export interface WalletDialogProps {
  accountId: number;
  currencyCode: string;
  onClose: () => void;
  /** Injectable for stories and tests (fake calls). */
  logic?: typeof walletLogic;
}

/**
 * The deposit address of a crypto account: the wallet statechart first asks whether the account
 * needs the mobile app (then the dialog offers the app instead), else creates or fetches the
 * wallet and shows its address as text (selectable, with copy) and as a QR code.
 */
export function WalletDialog({ accountId, currencyCode, onClose, logic = walletLogic }: WalletDialogProps) {
  const { t, i18n } = useLingui();
  const brand = useBrand();
  const actor = useActorRef(logic, { input: { accountId, currencyCode }, ...inspectOptions() });
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const mobileOnly = useSelector(actor, (s) => s.hasTag('mobileOnly'));
  const failed = useSelector(actor, (s) => s.hasTag('failed'));
  const address = useSelector(actor, (s) => (s.hasTag('shown') ? s.context.address : null));
  const error = useSelector(actor, (s) => s.context.error);
  return (
    <Dialog isOpen onClose={onClose} title={t`Your ${currencyCode} wallet`}>
      {busy ? <Preloader label={t`Getting your wallet address`} /> : null}
      {failed ? (
        <div className={styles.stack}>
          <FormAlert>{error ? uiMessageText(i18n, error) : t`The wallet address could not be loaded.`}</FormAlert>
          <div>
            <Button variant="secondary" onPress={() => actor.send({ type: 'RETRY' })}>
              {t`Try again`}
            </Button>
          </div>
        </div>
      ) : null}
      {mobileOnly ? (
        <div className={styles.stack}>
          <p>{t`This wallet is managed in the mobile app. Open the app to see its address.`}</p>
          <ul className={styles.stores}>
            <StoreLinkItems ios={brand.config.appStores.ios} android={brand.config.appStores.android} />
          </ul>
        </div>
      ) : null}
      {address ? <WalletAddress address={address} currencyCode={currencyCode} /> : null}
    </Dialog>
  );
}

function WalletAddress({ address, currencyCode }: { address: string; currencyCode: string }) {
  const { t } = useLingui();
  const copied = useDisclosure();
  return (
    <div className={styles.stack}>
      <p>{t`Send only ${currencyCode} to this address. Other currencies sent here are lost.`}</p>
      <div className={styles.qr}>
        <QRCodeSVG value={address} size={176} role="img" aria-label={t`QR code of the wallet address`} />
      </div>
      <p className={styles.label}>{t`Wallet address`}</p>
      <code className={styles.address}>{address}</code>
      <div className={styles.row}>
        <Button
          variant="secondary"
          onPress={() => {
            // Where the browser refuses the clipboard, the address stays selectable (one click selects it all).
            void navigator.clipboard
              ?.writeText(address)
              .then(() => {
                if (!copied.open) copied.toggle();
              })
              .catch(() => undefined);
          }}
        >
          {t`Copy address`}
        </Button>
        <span role="status" className={styles.copied}>
          {copied.open ? t`Copied` : ''}
        </span>
      </div>
    </div>
  );
}
