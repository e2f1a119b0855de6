import { useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { CertificationForm } from '@machines/certification/tax.rules';
import { useDisclosure } from '@/shared/model';
import { trackAction } from '@/shared/analytics';
import { Button, onDemandDialog } from '@/shared/ui';
import { usFormUploadLogicFor, type CertifyingCustomer, type UsFormUploadLogic } from '../model/us-form-actors';
import { US_FORM_TEXTS } from './us-form-texts';

const UsForm = onDemandDialog(() => import(/* webpackChunkName: "us-form" */ './us-form-dialog').then((m) => m.UsFormDialog));

export interface SendUsFormButtonProps {
  form: CertificationForm;
  /** Whose calls send it: a person's or the company's. */
  customer: CertifyingCustomer;
  onSent: (form: CertificationForm) => void;
  /** A story's fake upload. */
  logic?: UsFormUploadLogic;
}

/** "Send …": the form's dialog, fetched once the browser is idle after the button showed or when it is hovered, focused or pressed; opening the blank form is "Request W Form" (002 s9). */
export function SendUsFormButton({ form, customer, onSent, logic }: SendUsFormButtonProps) {
  UsForm.usePreloadWhenIdle();
  const { t, i18n } = useLingui();
  const dialog = useDisclosure();
  const upload = useMemo(() => logic ?? usFormUploadLogicFor(customer), [logic, customer]);
  const name = i18n._(US_FORM_TEXTS[form]);
  return (
    <>
      <Button variant="secondary" aria-haspopup="dialog" onPointerEnter={UsForm.preload} onFocus={UsForm.preload} onPress={dialog.toggle}>
        {t`Send: ${name}`}
      </Button>
      {dialog.open ? <UsForm.Lazy form={form} logic={upload} onClose={dialog.close} onSent={onSent} onRequestForm={() => trackAction({ event: 'Request W Form' })} /> : null}
    </>
  );
}
