import { useEffect, useId, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeclarationKind } from '@machines/company/company-file.rules';
import { companyFileKeys, declarationQuery, type Declaration } from '@/entities/company-file';
import { track } from '@/shared/analytics';
import { useFormMachine } from '@/shared/lib';
import { Button, Checkbox, DateText, FormAlert, QueryState, TextField } from '@/shared/ui';
import { declarationSignLogic } from '../model/declaration-actors';
import { DECLARATION_TEXTS } from './declaration-texts';
import styles from './declaration-card.module.css';

export interface DeclarationCardProps {
  /** Which statement: the resolution, the studio or streaming platform declaration, the prohibited escort statement. */
  kind: DeclarationKind;
  /** The user may change the company's file (the owner, or full balance-info access): only they sign. */
  canChange: boolean;
}

/**
 * One statement the company signs (spec 002 s7 Business: resolution, declarations, prohibited escort
 * statement): its title and text, and who signed it and when; unsigned, a user who may change the
 * file signs it with their full name, the statement accepted (the form statechart: sent once,
 * what was typed kept through a refusal). A signature is the analytics event "Sign Declaration"
 * (spec 002 s9) and the statement is read again.
 */
export function DeclarationCard({ kind, canChange }: DeclarationCardProps) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const query = useQuery(declarationQuery(kind));
  // Signed here just now: the line saying so takes the focus the form had.
  const [justSigned, setJustSigned] = useState(false);
  const texts = DECLARATION_TEXTS[kind];
  const title = i18n._(texts.title);
  const declaration = query.data;
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        {title}
      </h2>
      <p className={styles.statement}>{i18n._(texts.text)}</p>
      {!declaration ? (
        <QueryState query={query} title={t`This statement could not be loaded`} />
      ) : declaration.signed ? (
        <SignedLine declaration={declaration} focus={justSigned} />
      ) : canChange ? (
        <SignForm kind={kind} title={title} onSigned={() => setJustSigned(true)} />
      ) : (
        <p className={styles.note}>{t`Not signed yet. A user with full access signs it.`}</p>
      )}
    </section>
  );
}

/** Who signed and when (the name as they typed it). */
function SignedLine({ declaration, focus }: { declaration: Declaration; focus: boolean }) {
  const { t } = useLingui();
  const line = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (focus) line.current?.focus();
  }, [focus]);
  const name = declaration.signedName ?? '';
  const at = declaration.signedAt;
  return (
    <p ref={line} tabIndex={-1} className={styles.signed}>
      {name && at ? (
        <Trans>
          Signed by {name} on <DateText value={at} />
        </Trans>
      ) : name ? (
        t`Signed by ${name}`
      ) : (
        t`Signed`
      )}
    </p>
  );
}

/** The signer's full name and the statement accepted; Sign sends them once. */
function SignForm({ kind, title, onSigned }: { kind: DeclarationKind; title: string; onSigned: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const errorId = useId();
  const form = useFormMachine(
    declarationSignLogic[kind].provide({
      actions: {
        submitted: ({ context }) => {
          const kept = context.result as Declaration | null;
          onSigned();
          if (kept?.signed) queryClient.setQueryData(companyFileKeys.declaration(kind), kept);
          void queryClient.invalidateQueries({ queryKey: companyFileKeys.declaration(kind) });
          track('Sign Declaration', { declaration: kind });
        },
      },
    }),
    { values: { signedName: '', accepted: '' } },
  );
  const accepted = form.field('accepted');
  return (
    <form {...form.formProps} className={styles.form} aria-label={t`Sign: ${title}`}>
      <TextField label={t`Full name`} autoComplete="name" maxLength={120} {...form.field('signedName')} isReadOnly={form.busy} isRequired />
      <div className={styles.accept}>
        <Checkbox
          isSelected={accepted.value === 'true'}
          onChange={(on) => accepted.onChange(on ? 'true' : '')}
          isInvalid={Boolean(accepted.errorMessage)}
          isRequired
          {...(accepted.errorMessage ? { 'aria-describedby': errorId } : {})}
        >
          {t`I have read this statement and agree to it`}
        </Checkbox>
        {accepted.errorMessage ? (
          <p id={errorId} className={styles.error}>
            {accepted.errorMessage}
          </p>
        ) : null}
      </div>
      {/* After the fields: a refusal with field errors focuses the first one; one without, this alert beside the button. */}
      {form.formErrorText ? <FormAlert>{form.formErrorText}</FormAlert> : null}
      <div className={styles.buttons}>
        <Button type="submit" isPending={form.busy}>
          {t`Sign`}
        </Button>
      </div>
    </form>
  );
}
