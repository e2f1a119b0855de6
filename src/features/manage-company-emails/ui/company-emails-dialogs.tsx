import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import { ApprovalDialog, type ApprovalActor } from '@/entities/approval';
import { uiMessageText, useFocusOnRejectedSubmit } from '@/shared/lib';
import { Button, Dialog, FormAlert, TextField } from '@/shared/ui';
import type { CompanyEmailsLogic } from '../model/company-emails-actors';
import styles from './company-emails.module.css';

export type CompanyEmailsActor = ActorRefFrom<CompanyEmailsLogic>;

/**
 * The company e-mails statechart's dialogs, as its tags say: adding an e-mail and then its code
 * (one dialog, only its content changes, so the focus it gives back goes to what opened it), the
 * delete's question (its failure with "Try again"), the new primary's question and then the
 * approval's own popup.
 */
export function CompanyEmailsDialogs({ actor }: { actor: CompanyEmailsActor }) {
  const entry = useSelector(actor, (s) => s.hasTag('adding') || s.hasTag('entering'));
  return (
    <>
      {entry ? <EntryDialog actor={actor} /> : null}
      <DeleteDialog actor={actor} />
      <PrimaryDialog actor={actor} />
    </>
  );
}

/** Adding an e-mail, then its code: the dialog's title and body follow the statechart; the status line says where a code went. */
function EntryDialog({ actor }: { actor: CompanyEmailsActor }) {
  const { t } = useLingui();
  const entering = useSelector(actor, (s) => s.hasTag('entering'));
  const notice = useSelector(actor, (s) => (s.hasTag('entering') ? s.context.notice : null));
  const address = useSelector(actor, (s) => s.context.current?.email ?? '');
  const sent = notice === 'added' ? t`The e-mail was added. We sent a code to ${address}.` : notice === 'codeSent' ? t`We sent a new code to ${address}. The code sent before no longer works.` : '';
  return (
    <Dialog isOpen onClose={() => actor.send({ type: 'CANCEL' })} title={entering ? t`Confirm the e-mail` : t`Add an e-mail`}>
      <div className={styles.form}>
        {/* On screen from the start, so what it says once the code is asked for is announced. */}
        <p role="status" className={styles.status}>
          {sent}
        </p>
        {entering ? <CodeForm actor={actor} /> : <AddForm actor={actor} />}
      </div>
    </Dialog>
  );
}

/** The new address (the 002 s5 rule and the company's own addresses checked before any call). */
function AddForm({ actor }: { actor: CompanyEmailsActor }) {
  const { t, i18n } = useLingui();
  const email = useSelector(actor, (s) => s.context.email);
  const errors = useSelector(actor, (s) => s.context.errors);
  const error = useSelector(actor, (s) => uiMessageText(i18n, s.context.error));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const form = useFocusOnRejectedSubmit(useSelector(actor, (s) => s.context.attempts));
  return (
    <form
      ref={form}
      noValidate
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'SUBMIT' });
      }}
    >
      <p className={styles.text}>{t`We send a code to the new address. It is confirmed once you enter the code here.`}</p>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <TextField
        label={t`E-mail address`}
        type="email"
        autoComplete="off"
        spellCheck={false}
        maxLength={254}
        value={email}
        onChange={(value) => actor.send({ type: 'CHANGE', value })}
        errorMessage={uiMessageText(i18n, errors.email)}
        isRequired
        autoFocus
      />
      <div className={styles.buttons}>
        <Button type="submit" isPending={busy}>
          {t`Add`}
        </Button>
        <Button variant="secondary" isDisabled={busy} onPress={() => actor.send({ type: 'CANCEL' })}>
          {t`Cancel`}
        </Button>
      </div>
    </form>
  );
}

/** The 6-digit code: Confirm, a new code, or Cancel (the e-mail stays unconfirmed). The service's refusal is shown as its text. */
function CodeForm({ actor }: { actor: CompanyEmailsActor }) {
  const { t, i18n } = useLingui();
  const address = useSelector(actor, (s) => s.context.current?.email ?? '');
  const code = useSelector(actor, (s) => s.context.code);
  const errors = useSelector(actor, (s) => s.context.errors);
  const error = useSelector(actor, (s) => uiMessageText(i18n, s.context.error));
  const confirming = useSelector(actor, (s) => s.matches('confirming'));
  const resending = useSelector(actor, (s) => s.matches('resending'));
  const form = useFocusOnRejectedSubmit(useSelector(actor, (s) => s.context.attempts));
  return (
    <form
      ref={form}
      noValidate
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'CONFIRM' });
      }}
    >
      <p className={styles.text}>{t`Enter the 6-digit code from the e-mail we sent to ${address}.`}</p>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <TextField
        label={t`Code`}
        value={code}
        onChange={(value) => actor.send({ type: 'CODE', value })}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={14}
        errorMessage={uiMessageText(i18n, errors.code)}
        isRequired
        autoFocus
      />
      <div className={styles.buttons}>
        <Button type="submit" isPending={confirming} isDisabled={resending}>
          {t`Confirm`}
        </Button>
        <Button variant="secondary" isPending={resending} isDisabled={confirming} onPress={() => actor.send({ type: 'RESEND' })}>
          {t`Send a new code`}
        </Button>
        <Button variant="secondary" isDisabled={confirming || resending} onPress={() => actor.send({ type: 'CANCEL' })}>
          {t`Cancel`}
        </Button>
      </div>
    </form>
  );
}

/** Deleting an e-mail: asked first (an alert dialog); its progress; its failure with the service's words and "Try again". */
function DeleteDialog({ actor }: { actor: CompanyEmailsActor }) {
  const { t, i18n } = useLingui();
  const open = useSelector(actor, (s) => s.hasTag('confirmDelete'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const failed = useSelector(actor, (s) => s.hasTag('deleteFailed'));
  const error = useSelector(actor, (s) => uiMessageText(i18n, s.context.error));
  const address = useSelector(actor, (s) => s.context.current?.email ?? '');
  const cancel = () => actor.send({ type: 'CANCEL' });
  return (
    <Dialog isOpen={open} role="alertdialog" onClose={cancel} title={t`Delete ${address}?`}>
      <div className={styles.form}>
        <p className={styles.text}>{t`The address is taken off the company's e-mails. You can add it again later; it then needs a new code.`}</p>
        {failed && error ? <FormAlert>{error}</FormAlert> : null}
        <div className={styles.buttons}>
          <Button variant="danger" isPending={busy} onPress={() => actor.send({ type: failed ? 'RETRY' : 'CONFIRM' })}>
            {failed ? t`Try again` : t`Delete`}
          </Button>
          <Button variant="secondary" isDisabled={busy} onPress={cancel}>
            {t`Cancel`}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

/**
 * A new primary: asked first (an alert dialog), then sent through the approval. The question stays
 * while the request goes out (its failure with "Try again", the same request), and gives way to the
 * approval's popup (a code, the phone, the result: approved, or waiting for another user).
 */
function PrimaryDialog({ actor }: { actor: CompanyEmailsActor }) {
  const { t, i18n } = useLingui();
  const asking = useSelector(actor, (s) => s.hasTag('confirmPrimary'));
  const sending = useSelector(actor, (s) => s.matches('makingPrimary'));
  const address = useSelector(actor, (s) => s.context.current?.email ?? '');
  const approval = useSelector(actor, (s) => s.children.approval as AnyActorRef | undefined) as ApprovalActor | undefined;
  const popup = useSelector(approval, (s) => s?.hasTag('popup') ?? false);
  const submitFailed = useSelector(approval, (s) => s?.hasTag('submitFailed') ?? false);
  const failure = useSelector(approval, (s) => uiMessageText(i18n, s?.context.failure ?? null));
  const cancel = () => {
    if (asking) actor.send({ type: 'CANCEL' });
    else if (submitFailed) approval?.send({ type: 'CANCEL' });
  };
  return (
    <>
      <Dialog isOpen={asking || (sending && !popup)} role="alertdialog" onClose={cancel} title={t`Make ${address} the primary e-mail?`}>
        <div className={styles.form}>
          <p className={styles.text}>
            {t`A new primary e-mail is a change another user with full access has to approve. When you are the company's only user with full access, you confirm it yourself, as you confirm a payment.`}
          </p>
          {submitFailed ? <FormAlert>{failure ?? t`The change could not be sent.`}</FormAlert> : null}
          <div className={styles.buttons}>
            {submitFailed ? (
              <Button onPress={() => approval?.send({ type: 'RETRY' })}>{t`Try again`}</Button>
            ) : (
              <Button isPending={sending} onPress={() => actor.send({ type: 'CONFIRM' })}>
                {t`Make primary`}
              </Button>
            )}
            <Button variant="secondary" isDisabled={sending && !submitFailed} onPress={cancel}>
              {t`Cancel`}
            </Button>
          </div>
        </div>
      </Dialog>
      {approval && popup ? <ApprovalDialog actor={approval} /> : null}
    </>
  );
}
