import { useEffect, useId, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { STATES_FACT } from '@machines/company/company-file-messages';
import { DOCUMENT_CATEGORIES, DOCUMENT_FILE_TYPES } from '@machines/verification/verification.rules';
import { companyFileKeys } from '@/entities/company-file';
import { documentTypesQuery, statesQuery } from '@/entities/verification';
import { DEFAULT_LANGUAGE, parseLanguage } from '@/shared/config';
import { useFormMachine } from '@/shared/lib';
import { useCountries, useNotificationsActor } from '@/shared/model';
import { Button, CountrySelect, Dialog, FileDrop, FormAlert, Preloader, QueryState, Select, TextField } from '@/shared/ui';
import { emptyRepresentativeAddress, representativeAddressFormLogic } from '../model/representative-address-actors';
import styles from './representative-address.module.css';

export interface RepresentativeAddressDialogProps {
  onClose: () => void;
  /** The address was kept (before the dialog closes): the section moves the focus once it shows it. */
  onSaved?: () => void;
  /** Another representative of the company (issue 54: a full-access user adds it for them); without it, the signed-in user's own address. */
  representativeId?: number;
  /** That representative's name, for the title and the notice. */
  representativeName?: string;
}

/**
 * The representative's address with its proof (spec 002 s7 business representative address create,
 * multipart): the address (a state where the country has states: its list is read here and handed
 * to the form as a fact), the proof's type (the documentTypes' category 2, Proof of address) and its
 * file, all checked by the form statechart before anything is sent, each problem at its field. A
 * refusal keeps what was typed and the file chosen; sending them again is the same attempt (its
 * requestId). While it is sent the dialog stays open (Escape and Cancel wait). Kept: the company
 * file is read again, a notice says the proof is checked, and the dialog closes. With
 * `representativeId` (issue 54) it is another representative's address, named by `representativeName`.
 */
export function RepresentativeAddressDialog({ onClose, onSaved, representativeId, representativeName }: RepresentativeAddressDialogProps) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const notifications = useNotificationsActor();
  const countries = useCountries();
  const fileId = useId();
  // The chosen proof itself: a value of this attempt's form, not of its flow (the values carry its name, type and size).
  const proof = useRef<File | null>(null);
  const other = representativeId !== undefined;
  const name = representativeName ?? '';
  const form = useFormMachine(
    representativeAddressFormLogic(() => proof.current, representativeId).provide({
      actions: {
        submitted: () => {
          void queryClient.invalidateQueries({ queryKey: companyFileKeys.all });
          notifications.send({
            type: 'NOTIFY',
            notification: {
              id: `representative-address-${Date.now()}`,
              tone: 'success',
              title: other ? t`${name}'s address is saved. We check its proof and tell you when it is decided.` : t`Your address is saved. We check its proof and tell you when it is decided.`,
            },
          });
          onSaved?.();
          onClose();
        },
      },
    }),
    { values: emptyRepresentativeAddress },
  );
  const { actor, busy, values } = form;

  // The chosen country's states: handed to the form's rule as a fact when they arrive.
  const language = parseLanguage(i18n.locale) ?? DEFAULT_LANGUAGE;
  const states = useQuery(statesQuery(values.countryCode ?? '', language));
  const stateCodes = (states.data ?? []).map((state) => state.code).join('\n');
  useEffect(() => {
    actor.send({ type: 'CHANGE', name: STATES_FACT, value: stateCodes });
  }, [actor, stateCodes]);

  // The proof's types: the documentTypes' Proof of address category.
  const types = useQuery(documentTypesQuery(language));
  const proofTypes = types.data?.find((category) => category.id === String(DOCUMENT_CATEGORIES.address))?.customerDocumentTypes ?? [];

  // The file's error is the rule's (`file`); a file chosen after it was said puts it away until the next submit.
  const fileError = form.errors.file ?? null;
  const [answered, setAnswered] = useState<typeof fileError>(null);
  const choose = (file: File) => {
    proof.current = file;
    setAnswered(fileError);
    actor.send({ type: 'CHANGE', name: 'fileName', value: file.name });
    actor.send({ type: 'CHANGE', name: 'fileType', value: file.type });
    actor.send({ type: 'CHANGE', name: 'fileSize', value: String(file.size) });
  };

  const country = form.field('countryCode');
  const state = form.field('stateCode');
  const proofType = form.field('documentTypeId');
  const close = () => {
    if (!busy) onClose();
  };
  return (
    <Dialog isOpen onClose={close} title={other ? t`Add ${name}'s address` : t`Add your address`}>
      <form {...form.formProps} className={styles.form} aria-label={other ? t`${name}'s address` : t`Your address`} aria-busy={busy || undefined}>
        <TextField label={t`Street and number`} autoComplete="address-line1" isRequired isReadOnly={busy} {...form.field('address1')} />
        <TextField label={t`Apartment, floor (optional)`} autoComplete="address-line2" isReadOnly={busy} {...form.field('address2')} />
        <TextField label={t`City`} autoComplete="address-level2" isRequired isReadOnly={busy} {...form.field('city')} />
        <TextField label={t`Postal code`} autoComplete="postal-code" isRequired isReadOnly={busy} {...form.field('postalCode')} />
        <CountrySelect
          label={t`Country`}
          countries={countries}
          value={country.value}
          onChange={(code) => {
            country.onChange(code);
            // Another country's states: the state chosen for the one before does not follow.
            if (state.value) state.onChange('');
          }}
          errorMessage={country.errorMessage}
        />
        {states.isLoading ? (
          <Preloader label={t`Loading the states…`} />
        ) : states.isError && !states.data ? (
          <div role="alert" className={styles.listError}>
            <p className={styles.listErrorText}>{t`The list of states could not be loaded.`}</p>
            <Button variant="secondary" onPress={() => void states.refetch()}>
              {t`Try again`}
            </Button>
          </div>
        ) : states.data && states.data.length > 0 ? (
          <Select
            label={t`State or region`}
            placeholder={t`Choose…`}
            options={states.data.map((s) => ({ id: s.code, label: s.name }))}
            selectedKey={state.value || null}
            onSelectionChange={state.onChange}
            errorMessage={state.errorMessage}
            isDisabled={busy}
            isRequired
          />
        ) : null}
        {types.data ? (
          <Select
            label={t`Type of proof`}
            placeholder={t`Choose…`}
            options={proofTypes.map((type) => ({ id: type.id, label: type.name }))}
            selectedKey={proofType.value || null}
            onSelectionChange={proofType.onChange}
            errorMessage={proofType.errorMessage}
            isDisabled={busy}
            isRequired
          />
        ) : (
          <QueryState query={types} title={t`The types of proof could not be loaded`} />
        )}
        <FileDrop
          id={fileId}
          label={t`Proof of address`}
          accept={DOCUMENT_FILE_TYPES.join(',')}
          isDisabled={busy}
          fileName={values.fileName || undefined}
          onFile={choose}
          errorMessage={fileError && fileError !== answered ? form.field('file').errorMessage : null}
        >
          <p className={styles.hint}>{t`PDF, JPEG or PNG, up to 10 MB.`}</p>
        </FileDrop>
        {/* After the fields: a refusal with field errors focuses the first one; one without, this alert beside the buttons. */}
        {form.formErrorText ? <FormAlert>{form.formErrorText}</FormAlert> : null}
        <div className={styles.buttons}>
          <Button variant="secondary" onPress={close} isDisabled={busy}>
            {t`Cancel`}
          </Button>
          <Button type="submit" isPending={busy}>
            {t`Save address`}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
