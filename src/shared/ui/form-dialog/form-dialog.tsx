import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { FormMachineView } from '../../lib/use-form-machine';
import { Button } from '../button/button';
import { Dialog } from '../dialog/dialog';
import { FormAlert } from '../form-alert/form-alert';
import styles from './form-dialog.module.css';

/**
 * A form in a popup, on its form statechart's view: the form's message, its fields, Cancel and the
 * submit button (pending while the submit is on its way; presses ignored meanwhile).
 */
export function FormDialog({ view, title, submitLabel, onCancel, children }: { view: Pick<FormMachineView, 'formProps' | 'formErrorText' | 'busy'>; title: string; submitLabel: string; onCancel: () => void; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <Dialog isOpen onClose={onCancel} title={title}>
      <form {...view.formProps} className={styles.form}>
        {view.formErrorText ? <FormAlert>{view.formErrorText}</FormAlert> : null}
        {children}
        <div className={styles.buttons}>
          <Button variant="secondary" onPress={onCancel}>
            {t`Cancel`}
          </Button>
          <Button type="submit" isPending={view.busy}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
