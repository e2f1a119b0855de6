import { useDisclosure } from '@/shared/model';
import { Button, onDemandDialog } from '@/shared/ui';
import type { EditablePhone } from './phone-dialog';

const Phone = onDemandDialog(() => import(/* webpackChunkName: "edit-phone" */ './phone-dialog').then((m) => m.PhoneDialog));

export interface EditPhoneButtonProps {
  /** The phone to replace or verify; none to add one. */
  phone?: EditablePhone | null;
  /** The button's text ("Add a phone", "Change", "Confirm phone"…), given by the page. */
  label: string;
  variant?: 'primary' | 'secondary';
}

/** Opens the phone dialog (add, replace or verify by SMS); its code is fetched once the browser is idle after the button showed, or when it is hovered, focused or pressed. */
export function EditPhoneButton({ phone = null, label, variant = 'secondary' }: EditPhoneButtonProps) {
  Phone.usePreloadWhenIdle();
  const dialog = useDisclosure();
  return (
    <>
      <Button variant={variant} aria-haspopup="dialog" onPointerEnter={Phone.preload} onFocus={Phone.preload} onPress={dialog.toggle}>
        {label}
      </Button>
      {dialog.open ? <Phone.Lazy phone={phone} onClose={dialog.close} /> : null}
    </>
  );
}
