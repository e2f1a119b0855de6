import { useLingui } from '@lingui/react/macro';
import { useDisclosure } from '@/shared/model';
import { Button, onDemandDialog } from '@/shared/ui';

const Form = onDemandDialog(() => import(/* webpackChunkName: "add-currency" */ './add-currency-dialog').then((m) => m.AddCurrencyDialog));

/** "Add a currency": the dialog's code is fetched once the browser is idle after the button showed, or when it is hovered, focused or pressed. */
export function AddCurrencyButton({ currencies }: { currencies: readonly string[] }) {
  Form.usePreloadWhenIdle();
  const { t } = useLingui();
  const dialog = useDisclosure();
  if (currencies.length === 0) return null;
  return (
    <>
      <Button variant="secondary" aria-haspopup="dialog" onPointerEnter={Form.preload} onFocus={Form.preload} onPress={dialog.toggle}>
        {t`Add a currency`}
      </Button>
      {dialog.open ? <Form.Lazy currencies={currencies} onClose={dialog.close} /> : null}
    </>
  );
}
