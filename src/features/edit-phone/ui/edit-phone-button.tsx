import { onDemand } from '@/shared/lib';
import { useDisclosure } from '@/shared/model';
import { Button } from '@/shared/ui';
import type { EditablePhone } from './phone-dialog';

const Phone = onDemand(() => import(/* webpackChunkName: "edit-phone" */ './phone-dialog').then((m) => m.PhoneDialog));

export interface EditPhoneButtonProps {
  /** The phone to replace or verify; none to add one. */
  phone?: EditablePhone | null;
  /** The button's text ("Add a phone", "Change", "Confirm phone"…), given by the page. */
  label: string;
  variant?: 'primary' | 'secondary';
}

/** Opens the phone dialog (add, replace or verify by SMS); its code arrives when the button is hovered, focused or pressed. */
export function EditPhoneButton({ phone = null, label, variant = 'secondary' }: EditPhoneButtonProps) {
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
