import { useId } from 'react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { REPUTATION_TONE, reputationEmail, reputationVerdict, type ReputationEventType, type ReputationVerdict } from '@machines/merchant/merchant-checks.rules';
import type { ReputationAnswer, ReputationEntry } from '@/entities/merchant';
import { formatDate, formatMoney, uiMessageText } from '@/shared/lib';
import { inspectOptions } from '@/shared/model';
import { Button, EmptyState, FormAlert, TextField } from '@/shared/ui';
import { reputationLookupLogic, type ReputationLookupLogic } from '../model/reputation-actors';
import styles from './merchant-reputation.module.css';

/** Each event: its name and what it means for the merchant. */
export const EVENT_TEXTS: Record<ReputationEventType, { label: MessageDescriptor; meaning: MessageDescriptor }> = {
  chargeback: { label: msg`Chargeback`, meaning: msg`The payer disputed a payment with their bank and the money was taken back.` },
  fraudReport: { label: msg`Fraud report`, meaning: msg`A merchant reported this payer for fraud.` },
  refundRequest: { label: msg`Refund asked`, meaning: msg`The payer asked a merchant for a refund: a normal right, not a warning by itself.` },
  completedPayment: { label: msg`Payment completed`, meaning: msg`A payment from this payer went through without trouble.` },
  accountClosed: { label: msg`Account closed`, meaning: msg`A payment provider closed this payer's account.` },
};

/** The look-up in one word, and what to do with it. */
export const VERDICT_TEXTS: Record<ReputationVerdict, { title: MessageDescriptor; advice: MessageDescriptor }> = {
  unknown: { title: msg`Nothing reported`, advice: msg`No payment provider has reported anything about this e-mail. That is neither good nor bad.` },
  good: { title: msg`No warning signs`, advice: msg`Payments from this payer went through, and nothing against them was reported.` },
  caution: { title: msg`Take care`, advice: msg`A chargeback was reported. Consider asking for more before you ship or give access.` },
  risky: { title: msg`High risk`, advice: msg`Fraud or a closed account was reported for this payer. Think twice before accepting their payment.` },
};

/**
 * /merchant/security/reputation (001 s7 reputation list; s5 the e-mail trimmed; s9 page size 100):
 * an e-mail typed is looked up once it is a whole e-mail (the lookup statechart, after a short
 * pause; an invalid one is never sent), then what was reported, in one word and entry by entry,
 * each with what it means. Server text is rendered as text.
 */
export function ReputationLookup({ logic = reputationLookupLogic }: { logic?: ReputationLookupLogic }) {
  const { t, i18n } = useLingui();
  const ids = useId();
  const actor = useActorRef(logic, { input: { query: null }, ...inspectOptions() });
  const looking = useSelector(actor, (s) => s.hasTag('looking'));
  const known = useSelector(actor, (s) => (s.hasTag('known') ? (s.context.result as ReputationAnswer) : null));
  const error = useSelector(actor, (s) => (s.hasTag('failed') ? uiMessageText(i18n, s.context.error) : null));
  return (
    <section className={styles.section} aria-labelledby={`${ids}-title`}>
      <h1 id={`${ids}-title`} className={styles.title}>
        {t`Reputation`}
      </h1>
      <p className={styles.hint}>{t`Before you accept a payment, see what payment providers reported about the payer.`}</p>
      <form role="search" aria-label={t`Reputation look-up`} className={styles.form} onSubmit={(event) => event.preventDefault()}>
        <EmailField onQuery={(query) => actor.send({ type: 'QUERY', query })} />
      </form>
      <div className={styles.result}>
        {/* One short line is announced (looking, then the verdict); the reports are read by moving to them. */}
        <p className={looking ? styles.hint : styles.srOnly} role="status">
          {looking ? t`Looking it up…` : known ? i18n._(VERDICT_TEXTS[reputationVerdict(known.entries)].title) : ''}
        </p>
        {error ? (
          <FormAlert>
            {error}{' '}
            <Button variant="secondary" onPress={() => actor.send({ type: 'RETRY' })}>
              {t`Try again`}
            </Button>
          </FormAlert>
        ) : null}
        {known ? <ReputationResult answer={known} /> : null}
      </div>
    </section>
  );
}

/** The e-mail field: what may be asked (trimmed, a whole e-mail) goes to the statechart as it is typed; anything else asks nothing. */
function EmailField({ onQuery }: { onQuery: (query: string | null) => void }) {
  const { t } = useLingui();
  return (
    <TextField
      label={t`The payer's e-mail`}
      description={t`The look-up starts when the e-mail is complete.`}
      type="email"
      inputMode="email"
      autoComplete="off"
      spellCheck={false}
      onChange={(text) => onQuery(reputationEmail(text))}
    />
  );
}

/** What was reported about one e-mail. */
export function ReputationResult({ answer }: { answer: ReputationAnswer }) {
  const { t, i18n } = useLingui();
  const ids = useId();
  const verdict = reputationVerdict(answer.entries);
  const text = VERDICT_TEXTS[verdict];
  const email = answer.email;
  return (
    <div className={styles.answer}>
      <div className={styles.verdict} data-verdict={verdict}>
        <h2 id={`${ids}-verdict`} className={styles.verdictTitle}>
          {i18n._(text.title)}
        </h2>
        <p className={styles.verdictAdvice}>{i18n._(text.advice)}</p>
      </div>
      {answer.entries.length === 0 ? (
        <EmptyState title={t`Nothing has been reported about ${email}.`} />
      ) : (
        <>
          <p className={styles.hint}>{answer.total > answer.entries.length ? t`The newest ${answer.entries.length} of ${answer.total} reports about ${email}.` : t`Reports about ${email}: ${answer.total}.`}</p>
          <ul className={styles.list} aria-label={t`Reports about ${email}`}>
            {answer.entries.map((entry) => (
              <EntryRow key={entry.id} entry={entry} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function EntryRow({ entry }: { entry: ReputationEntry }) {
  const { i18n } = useLingui();
  const texts = EVENT_TEXTS[entry.eventType];
  return (
    <li className={styles.row} data-tone={REPUTATION_TONE[entry.eventType]}>
      <p className={styles.event}>
        <span className={styles.eventName}>{i18n._(texts.label)}</span>
        <span className={styles.when}>{formatDate(entry.reportedAt, i18n.locale)}</span>
        {entry.amount && entry.currencyCode ? <span className={styles.amount}>{formatMoney(entry.amount, entry.currencyCode, i18n.locale)}</span> : null}
      </p>
      <p className={styles.meaning}>{i18n._(texts.meaning)}</p>
    </li>
  );
}
