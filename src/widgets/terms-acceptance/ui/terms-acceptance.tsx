import { useEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import { useSessionActor } from '@/entities/session';
import { uiMessageText } from '@/shared/lib';
import { Button, FormAlert } from '@/shared/ui';
import styles from './terms-acceptance.module.css';

/**
 * New terms the customer must accept before going on (customer info's terms.term, spec 002 s7).
 * The layouts show this instead of the page while the session has the `terms` tag: after sign-in,
 * after a reload, or when the server changes the terms mid-session. Accepting calls "terms accept"
 * (the session statechart); signing out is the other way out. The text is the server's, shown as text.
 */
export function TermsAcceptance() {
  const { t, i18n } = useLingui();
  const session = useSessionActor();
  const terms = useSelector(session, (s) => s.context.terms);
  const sending = useSelector(session, (s) => s.hasTag('acceptingTerms'));
  const error = useSelector(session, (s) => s.context.termsError);
  const heading = useRef<HTMLHeadingElement>(null);
  // The page was replaced: move the reader to what replaced it (WCAG 2.4.3).
  useEffect(() => heading.current?.focus(), [terms?.id]);
  if (!terms) return null;
  return (
    <section className={styles.panel} aria-labelledby="terms-acceptance-title">
      <h1 id="terms-acceptance-title" ref={heading} tabIndex={-1}>
        {terms.title}
      </h1>
      <p>{t`Please read and accept the updated terms to continue.`}</p>
      <div className={styles.text} tabIndex={0} role="document" aria-label={t`Terms text`}>
        {terms.text}
      </div>
      {error ? <FormAlert>{uiMessageText(i18n, error)}</FormAlert> : null}
      <div className={styles.actions}>
        <Button isPending={sending} onPress={() => session.send({ type: 'ACCEPT_TERMS' })}>{t`Accept and continue`}</Button>
        <Button variant="secondary" isDisabled={sending} onPress={() => session.send({ type: 'LOGOUT' })}>{t`Decline and sign out`}</Button>
      </div>
    </section>
  );
}
