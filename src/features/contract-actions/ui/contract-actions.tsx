import { useState } from 'react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { TERMINATE_NOTE_MAX, type ConfirmableAction } from '@machines/contracts/contract.machine';
import { allowedActions, type ContractRights } from '@machines/contracts/contract.rules';
import { taskMachine } from '@machines/shared/task.machine';
import { fetchContractPdf, type Contract } from '@/entities/contract';
import { uiMessageText } from '@/shared/lib';
import { saveFile, useMobileApp } from '@/shared/model';
import { Button, Dialog, FormAlert, TaskButton, TextArea } from '@/shared/ui';
import type { ContractActor } from '../model/use-contract-actor';
import styles from './contract-actions.module.css';

/** Each action's button, question and what is said once it is done. */
const TEXTS: Readonly<Record<ConfirmableAction, { button: MessageDescriptor; title: MessageDescriptor; message: MessageDescriptor; confirm: MessageDescriptor; done: MessageDescriptor; danger: boolean }>> = {
  cancel: {
    button: msg`Cancel the contract`,
    title: msg`Cancel this contract?`,
    message: msg`The other party can no longer sign it. This cannot be undone.`,
    confirm: msg`Cancel the contract`,
    done: msg`The contract was cancelled.`,
    danger: true,
  },
  reject: {
    button: msg`Reject`,
    title: msg`Reject this contract?`,
    message: msg`The contract ends without coming into force. This cannot be undone.`,
    confirm: msg`Reject`,
    done: msg`You rejected the contract.`,
    danger: true,
  },
  terminate: {
    button: msg`Terminate`,
    title: msg`Terminate this contract?`,
    message: msg`It ends 30 days from today, unless the termination is cancelled before then.`,
    confirm: msg`Terminate`,
    done: msg`The termination has started: the contract ends on the date shown.`,
    danger: true,
  },
  terminateCancel: {
    button: msg`Cancel the termination`,
    title: msg`Cancel the termination?`,
    message: msg`The contract stays active as before.`,
    confirm: msg`Cancel the termination`,
    done: msg`The termination was cancelled: the contract stays active.`,
    danger: false,
  },
  terminateNow: {
    button: msg`Terminate now`,
    title: msg`Terminate this contract now?`,
    message: msg`It ends today instead of on the date set. This cannot be undone.`,
    confirm: msg`Terminate now`,
    done: msg`The contract was terminated.`,
    danger: true,
  },
};

export interface ContractActionsProps {
  actor: ContractActor;
  contract: Contract;
  /** What the user may do with the acting customer's contracts (contractRights). */
  rights: ContractRights;
}

/**
 * A contract's actions as its statechart allows them for this viewer (allowedActions of the state's
 * status and party; Sign only when the service's checkSigner said so), each asked first in a dialog
 * (terminate with its reason), sent once, its outcome said; the PDF. A user who may only read is
 * told so instead of being offered buttons that would be refused.
 */
export function ContractActions({ actor, contract, rights }: ContractActionsProps) {
  const { t, i18n } = useLingui();
  const offered = useSelector(actor, (s) => allowedActions(s.context.status, s.context.party, s.context.canSign).join(' '));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const confirming = useSelector(actor, (s) => s.hasTag('confirming'));
  const signing = useSelector(actor, (s) => s.matches('signing') || s.matches('leaving'));
  const pageError = useSelector(actor, (s) => (s.hasTag('confirming') ? null : uiMessageText(i18n, s.context.error)));
  const lastDone = useSelector(actor, (s) => s.context.lastDone);
  const actions = rights === 'act' && offered ? offered.split(' ') : [];
  return (
    <section className={styles.actions} aria-label={t`What you can do`}>
      <div className={styles.buttons}>
        {actions.includes('sign') ? (
          <Button isPending={signing} isDisabled={busy && !signing} onPress={() => actor.send({ type: 'SIGN' })}>
            {t`Sign`}
          </Button>
        ) : null}
        {actions
          .filter((action): action is ConfirmableAction => action !== 'sign')
          .map((action) => (
            <Button key={action} variant={TEXTS[action].danger ? 'danger' : 'secondary'} aria-haspopup="dialog" isDisabled={busy || confirming} onPress={() => actor.send({ type: 'ACT', action })}>
              {i18n._(TEXTS[action].button)}
            </Button>
          ))}
        <ContractPdfButton contract={contract}>{t`Download the PDF`}</ContractPdfButton>
      </div>
      {rights !== 'act' ? <p className={styles.note}>{t`You can read this contract. Only a user with full access to the merchant area can sign or change it.`}</p> : null}
      {pageError ? <FormAlert>{pageError}</FormAlert> : null}
      <p role="status" className={styles.done}>
        {lastDone && !pageError ? i18n._(TEXTS[lastDone].done) : null}
      </p>
      <ConfirmDialog actor={actor} />
    </section>
  );
}

/** The question before an action, with terminate's reason; the refusal said inside it; Back leaves it undone. */
function ConfirmDialog({ actor }: { actor: ContractActor }) {
  const { t, i18n } = useLingui();
  const action = useSelector(actor, (s) => (s.hasTag('confirming') ? s.context.action : null));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const note = useSelector(actor, (s) => s.context.note);
  const noteError = useSelector(actor, (s) => uiMessageText(i18n, s.context.noteError));
  const error = useSelector(actor, (s) => (s.hasTag('confirming') ? uiMessageText(i18n, s.context.error) : null));
  const cancel = () => actor.send({ type: 'CANCEL' });
  const texts = action ? TEXTS[action] : null;
  return (
    <Dialog
      isOpen={texts !== null}
      role="alertdialog"
      onClose={() => {
        if (!busy) cancel();
      }}
      title={texts ? i18n._(texts.title) : ''}
      footer={
        <>
          <Button variant="secondary" isDisabled={busy} onPress={cancel}>
            {t`Back`}
          </Button>
          <Button variant={texts?.danger ? 'danger' : 'primary'} isPending={busy} onPress={() => actor.send({ type: 'CONFIRM' })}>
            {texts ? i18n._(texts.confirm) : ''}
          </Button>
        </>
      }
    >
      <p>{texts ? i18n._(texts.message) : null}</p>
      {action === 'terminate' ? (
        <TextArea
          label={t`Reason`}
          description={t`The other party reads it. Use at most ${TERMINATE_NOTE_MAX} characters.`}
          rows={4}
          isRequired
          isDisabled={busy}
          value={note}
          errorMessage={noteError}
          onChange={(value) => actor.send({ type: 'NOTE', value })}
        />
      ) : null}
      {error ? <FormAlert>{error}</FormAlert> : null}
    </Dialog>
  );
}

/** The contract's PDF (pdfUrl, made now by the service), saved or handed to the phone's app; a failure said beside the button. */
export function ContractPdfButton({ contract, children }: { contract: Pick<Contract, 'id'>; children: React.ReactNode }) {
  const mobileApp = useMobileApp();
  // The task's logic, made once for the button (the task statechart holds its flow).
  const [logic] = useState(() =>
    taskMachine.provide({
      actors: {
        run: fromPromise(async () => {
          const { blob, fileName } = await fetchContractPdf(contract.id);
          await saveFile(blob, fileName, mobileApp);
        }),
      },
    }),
  );
  return <TaskButton logic={logic}>{children}</TaskButton>;
}
