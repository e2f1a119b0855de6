import { useEffect, useId, useRef } from 'react';
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { emailActions, emailStateOf, type CompanyEmailFacts, type EmailAction } from '@machines/business/company-access.rules';
import type { CompanyEmailsNotice, EmailRef } from '@machines/business/company-emails.machine';
import type { ApprovalOutcome } from '@machines/transfers/approval.machine';
import { companyEmailsQuery, companyPeopleKeys, type CompanyEmail } from '@/entities/company-person';
import { usePageTitle } from '@/shared/lib';
import { inspectOptions } from '@/shared/model';
import { Button, DateText, EmptyState, QueryState } from '@/shared/ui';
import { CompanyEmailsDialogs, type CompanyEmailsActor } from './company-emails-dialogs';
import { companyEmailsLogic } from '../model/company-emails-actors';
import styles from './company-emails.module.css';

/** An e-mail as the rules read it (the contract's status may be absent: not the primary). */
const factsOf = (email: CompanyEmail): CompanyEmailFacts => ({ status: email.status ?? null, confirmed: email.confirmed });

/**
 * The company's e-mails (issue 54; 002 s7 Company emails), what /company-emails shows: the list (its loading, failure and empty states), "Add an e-mail" and each
 * e-mail's actions for a full-access user, a line saying who changes them for anyone else, and the
 * statechart's dialogs. What happened is said in a status region. When a dialog closes and its
 * opener is gone (a deleted or confirmed e-mail's button), the list's heading takes the focus.
 */
export function CompanyEmailsView({ canManage }: { canManage: boolean }) {
  const { t } = useLingui();
  const title = t`Company e-mails`;
  usePageTitle(title);
  const queryClient = useQueryClient();
  const query = useQuery(companyEmailsQuery());
  const emails = query.data;
  const readAgain = () => {
    void queryClient.invalidateQueries({ queryKey: companyPeopleKeys.emails() });
    void queryClient.invalidateQueries({ queryKey: companyPeopleKeys.changes() });
  };
  const actor: CompanyEmailsActor = useActorRef(companyEmailsLogic.provide({ actions: { changed: readAgain, moneyMoved: readAgain } }), {
    input: { known: emails?.map((email) => email.email) ?? [] },
    ...inspectOptions(),
  });

  // The addresses the duplicate rule knows follow the list.
  const known = (emails ?? []).map((email) => email.email).join('\n');
  useEffect(() => {
    actor.send({ type: 'KNOWN', emails: known ? known.split('\n') : [] });
  }, [actor, known]);

  // After a dialog: when the focus it gave back has nowhere to be (its opener gone, now or once the
  // list is read again), the list's heading takes it (WCAG 2.4.3). A focus the user moved stays.
  // The check waits a frame: the dialog gives the focus back in one after it closes.
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const idle = useSelector(actor, (s) => s.matches('idle'));
  const afterDialog = useRef(false);
  useEffect(() => {
    if (!idle) {
      afterDialog.current = true;
      return;
    }
    if (!afterDialog.current) return;
    const frame = requestAnimationFrame(() => {
      const focused = document.activeElement;
      if (!focused || focused === document.body) {
        afterDialog.current = false;
        heading.current?.focus();
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [idle, emails]);

  const others = (emails ?? []).filter((email) => emailStateOf(factsOf(email)) !== 'primary');
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title} id="page-title">
          {title}
        </h1>
        <p className={styles.muted}>{t`The addresses the company uses. The primary one is where the company's messages go.`}</p>
        <PageNotice actor={actor} />
      </header>
      <nav aria-label={t`Company`} className={styles.links}>
        <ul>
          <li>
            <Link to="/company" className={styles.link}>
              {t`Back to the company`}
            </Link>
          </li>
          <li>
            <Link to="/company-access" className={styles.link}>
              {t`Users and access`}
            </Link>
          </li>
        </ul>
      </nav>
      <section className={styles.section} aria-labelledby={headingId}>
        <h2 id={headingId} ref={heading} tabIndex={-1} className={styles.subtitle}>
          {t`E-mail addresses`}
        </h2>
        {canManage ? null : <p className={styles.muted}>{t`Only users with full access can add or change the company's e-mails.`}</p>}
        <QueryState query={query} title={t`The company's e-mails could not be loaded`} />
        {emails ? (
          <>
            {emails.length > 0 ? (
              <ul className={styles.list} aria-labelledby={headingId}>
                {emails.map((email) => (
                  <EmailItem key={email.id} email={email} canManage={canManage} actor={actor} />
                ))}
              </ul>
            ) : null}
            {others.length === 0 ? (
              <EmptyState
                title={emails.length === 0 ? t`The company has no e-mails yet` : t`No other e-mails yet`}
                message={canManage ? t`Add an address and confirm it with the code we send to it. A confirmed address can become the primary one.` : undefined}
              />
            ) : null}
            {canManage ? (
              <div className={styles.buttons}>
                <Button aria-haspopup="dialog" onPress={() => actor.send({ type: 'ADD' })}>
                  {t`Add an e-mail`}
                </Button>
              </div>
            ) : null}
          </>
        ) : null}
      </section>
      <CompanyEmailsDialogs actor={actor} />
    </div>
  );
}

/** One e-mail: the address, its state (with when its last code went out), and what the user may do with it. */
function EmailItem({ email, canManage, actor }: { email: CompanyEmail; canManage: boolean; actor: CompanyEmailsActor }) {
  const { t } = useLingui();
  const state = emailStateOf(factsOf(email));
  const ref: EmailRef = { emailId: email.id, email: email.email };
  const address = email.email;
  // Each opens a dialog; its name starts with the word seen and says which e-mail ("Delete billing@…").
  const buttons: Record<EmailAction, { text: string; name: string; send: () => void }> = {
    confirm: { text: t`Confirm`, name: t`Confirm ${address}`, send: () => actor.send({ type: 'CONFIRM_CODE', email: ref }) },
    resend: { text: t`Send a new code`, name: t`Send a new code to ${address}`, send: () => actor.send({ type: 'RESEND', email: ref }) },
    makePrimary: { text: t`Make primary`, name: t`Make primary: ${address}`, send: () => actor.send({ type: 'MAKE_PRIMARY', email: ref }) },
    delete: { text: t`Delete`, name: t`Delete ${address}`, send: () => actor.send({ type: 'DELETE', email: ref }) },
  };
  const actions = emailActions(factsOf(email), canManage);
  return (
    <li className={styles.item} data-state={state}>
      <span className={styles.email}>{address}</span>
      <span className={styles.state}>
        {state === 'primary' ? (
          <strong className={styles.badge}>{t`Primary`}</strong>
        ) : state === 'confirmed' ? (
          <span>{t`Confirmed`}</span>
        ) : (
          <>
            <span className={styles.unconfirmed}>{t`Not confirmed`}</span>
            {email.codeSentAt ? (
              <span className={styles.muted}>
                {t`Last code sent:`} <DateText value={email.codeSentAt} withTime />
              </span>
            ) : null}
          </>
        )}
      </span>
      {actions.length > 0 ? (
        <div className={styles.buttons}>
          {actions.map((action) => {
            const button = buttons[action];
            return (
              <Button key={action} variant={action === 'delete' ? 'danger' : 'secondary'} aria-label={button.name} aria-haspopup="dialog" onPress={button.send}>
                {button.text}
              </Button>
            );
          })}
        </div>
      ) : null}
    </li>
  );
}

/** What just happened, announced (a status region, on the page whatever dialog was open). */
function PageNotice({ actor }: { actor: CompanyEmailsActor }) {
  const { t } = useLingui();
  const notice = useSelector(actor, (s): CompanyEmailsNotice => (s.matches('idle') ? s.context.notice : null));
  const outcome = useSelector(actor, (s): ApprovalOutcome | null => s.context.outcome);
  const text =
    notice === 'added'
      ? t`The e-mail was added. It stays unconfirmed until its code is entered.`
      : notice === 'codeSent'
        ? t`We sent a new code.`
        : notice === 'confirmed'
          ? t`The e-mail is confirmed.`
          : notice === 'deleted'
            ? t`The e-mail was deleted.`
            : notice === 'primary'
              ? outcome === 'requested'
                ? t`The new primary e-mail was sent for approval: another user with full access has to approve it within 7 days.`
                : t`The primary e-mail was changed.`
              : '';
  return (
    <p role="status" className={styles.notice}>
      {text}
    </p>
  );
}
