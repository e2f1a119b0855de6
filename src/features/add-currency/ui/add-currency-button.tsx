import { useLingui } from '@lingui/react/macro';
import { onDemand } from '@/shared/lib';
import { useDisclosure } from '@/shared/model';
import { Button } from '@/shared/ui';

const Form = onDemand(() => import(/* webpackChunkName: "add-currency" */ './add-currency-dialog').then((m) => m.AddCurrencyDialog));

/** "Add a currency": the dialog's code arrives when the button is hovered, focused or pressed. */
export function AddCurrencyButton({ currencies }: { currencies: readonly string[] }) {
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
