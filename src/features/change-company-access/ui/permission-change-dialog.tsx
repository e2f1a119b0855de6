import { useEffect, useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';
import { draftPreset, draftSendable, type PermissionChangeInput } from '@machines/business/permission-change.machine';
import { ACCESS_AREAS, levelOptions, PRESETS, type Preset } from '@machines/business/company-access.rules';
import { ApprovalDialog, type ApprovalActor } from '@/entities/approval';
import { AREA_TEXTS, CHANGE_STATUS_TEXTS, LEVEL_TEXTS, PRESET_NOTES, PRESET_TEXTS } from '@/entities/company-person';
import { uiMessageText } from '@/shared/lib';
import { Button, Checkbox, Dialog, FormAlert, RadioGroup, Select } from '@/shared/ui';
import { permissionChangeLogic } from '../model/permission-change-actors';
import styles from './permission-change-dialog.module.css';

export interface PermissionChangeDialogProps {
  /** A draft (its kind, whom it is about, the access read) or a waiting change opened from the list. */
  input: PermissionChangeInput;
  /** How a draft is confirmed: another full-access user, or the author's approval mode. */
  confirmation: 'anotherApprover' | 'approvalMode';
  /** What the change is, for a waiting or ended change (the list's words). */
  summary?: ReactNode;
  /** The change's part here ended (sent, decided, closed): the page drops the dialog. */
  onClosed: () => void;
}

/**
 * A change of who may do what for the company (issue 54), on its statechart: the draft (presets
 * over the levels, each level, the settlement account), its sending through the approval (whose
 * own popups take over: a code, a push, the result), and for a waiting change the decision of
 * another full-access user (approve, or decline after a confirmation) and how it ended.
 */
export function PermissionChangeDialog({ input, confirmation, summary, onClosed }: PermissionChangeDialogProps) {
  const queryClient = useQueryClient();
  const [logic] = useState(() => permissionChangeLogic(queryClient));
  const actor = useActorRef(logic, { input });
  const done = useSelector(actor, (s) => s.status === 'done');
  // The dialog is the page's to drop once the change's part here ended (UI state, not flow).
  useEffect(() => {
    if (done) onClosed();
  }, [done, onClosed]);
  const approval = useSelector(actor, (s) => s.children.approval as AnyActorRef | undefined) as ApprovalActor | undefined;
  const approvalPopup = useSelector(approval, (s) => s?.hasTag('popup') ?? false);
  if (done) return null;
  return (
    <>
      <ChangeBody actor={actor} confirmation={confirmation} summary={summary} hidden={approvalPopup} approval={approval} />
      {approval ? <ApprovalDialog actor={approval} /> : null}
    </>
  );
}

type ChangeActor = ReturnType<typeof useActorRef<ReturnType<typeof permissionChangeLogic>>>;

function ChangeBody({ actor, confirmation, summary, hidden, approval }: { actor: ChangeActor; confirmation: PermissionChangeDialogProps['confirmation']; summary: ReactNode; hidden: boolean; approval: ApprovalActor | undefined }) {
  const { t, i18n } = useLingui();
  const kind = useSelector(actor, (s) => s.context.kind);
  const name = useSelector(actor, (s) => s.context.target.name);
  const editing = useSelector(actor, (s) => s.hasTag('editing') || s.matches('sending'));
  const waiting = useSelector(actor, (s) => s.hasTag('waiting'));
  const confirmDecline = useSelector(actor, (s) => s.hasTag('confirmDecline'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const status = useSelector(actor, (s) => s.context.status);
  const error = useSelector(actor, (s) => uiMessageText(i18n, s.context.error));
  const close = () => actor.send({ type: editing ? 'CANCEL' : 'CLOSE' });

  if (editing) {
    const title = kind === 'removeUser' ? t`Remove ${name}'s access?` : kind === 'addUser' ? t`Invite ${name}` : t`Change ${name}'s access`;
    return (
      <Dialog isOpen={!hidden} onClose={close} title={title}>
        <form
          className={styles.body}
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'SUBMIT' });
          }}
        >
          {kind === 'removeUser' ? <p className={styles.text}>{t`${name} will no longer act for the company. Their own account stays.`}</p> : <AccessFields actor={actor} />}
          <p className={styles.note}>
            {confirmation === 'anotherApprover'
              ? t`Another user with full access has to approve this within 7 days. Nothing changes until then.`
              : t`You are the only user with full access: you confirm this change yourself, in your approval mode.`}
          </p>
          <SubmitRow actor={actor} approval={approval} label={kind === 'removeUser' ? t`Remove access` : confirmation === 'anotherApprover' ? t`Send for approval` : t`Confirm the change`} danger={kind === 'removeUser'} />
        </form>
      </Dialog>
    );
  }

  if (waiting) {
    return (
      <Dialog isOpen role={confirmDecline ? 'alertdialog' : 'dialog'} onClose={() => actor.send({ type: confirmDecline ? 'CANCEL' : 'CLOSE' })} title={confirmDecline ? t`Decline this change?` : t`Approve this change?`}>
        <div className={styles.body}>
          {summary}
          {confirmDecline ? <p className={styles.text}>{t`A declined change cannot be approved later; its author can make it again.`}</p> : null}
          {error ? (
            <FormAlert>
              <p>{error}</p>
              <p>{t`Trying again sends the same decision, so it is made once.`}</p>
            </FormAlert>
          ) : null}
          <div className={styles.buttons}>
            {confirmDecline ? (
              <>
                <Button variant="secondary" isDisabled={busy} onPress={() => actor.send({ type: 'CANCEL' })}>
                  {t`Cancel`}
                </Button>
                <Button variant="danger" isPending={busy} onPress={() => actor.send({ type: 'CONFIRM' })}>
                  {t`Decline`}
                </Button>
              </>
            ) : (
              <>
                <Button variant="secondary" isDisabled={busy} onPress={() => actor.send({ type: 'CLOSE' })}>
                  {t`Close`}
                </Button>
                <Button variant="secondary" isDisabled={busy} onPress={() => actor.send({ type: 'DECLINE' })}>
                  {t`Decline`}
                </Button>
                <Button isPending={busy} onPress={() => actor.send({ type: error ? 'RETRY' : 'APPROVE' })}>
                  {error ? t`Try again` : t`Approve`}
                </Button>
              </>
            )}
          </div>
        </div>
      </Dialog>
    );
  }

  // Ended: applied, declined, expired or failed, and why.
  return (
    <Dialog isOpen role="alertdialog" onClose={close} title={status ? i18n._(CHANGE_STATUS_TEXTS[status]) : t`Applied`}>
      <div className={styles.body}>
        {summary}
        {status === 'failed' && error ? <FormAlert>{error}</FormAlert> : null}
        <div className={styles.buttons}>
          <Button autoFocus isPending={busy} onPress={close}>
            {t`Close`}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

/** The draft's submit; while its approval runs, its progress; a submit that failed says why and offers the same change again (sent once). */
function SubmitRow({ actor, approval, label, danger }: { actor: ChangeActor; approval: ApprovalActor | undefined; label: string; danger: boolean }) {
  const { t, i18n } = useLingui();
  const sendable = useSelector(actor, (s) => draftSendable(s.context));
  const sending = useSelector(actor, (s) => s.matches('sending'));
  const failed = useSelector(approval, (s) => s?.hasTag('submitFailed') ?? false);
  const failure = useSelector(approval, (s) => uiMessageText(i18n, s?.context.failure ?? null));
  if (approval && failed) {
    return (
      <FormAlert>
        <p>{failure ?? t`The change could not be sent.`}</p>
        <p>{t`What you chose is kept. Trying again sends the same change, so it is made once.`}</p>
        <div className={styles.buttons}>
          <Button onPress={() => approval.send({ type: 'RETRY' })}>{t`Try again`}</Button>
          <Button variant="secondary" onPress={() => approval.send({ type: 'CANCEL' })}>
            {t`Change it`}
          </Button>
        </div>
      </FormAlert>
    );
  }
  return (
    <div className={styles.buttons}>
      <Button variant="secondary" isDisabled={sending} onPress={() => actor.send({ type: 'CANCEL' })}>
        {t`Cancel`}
      </Button>
      <Button type="submit" variant={danger ? 'danger' : 'primary'} isDisabled={!sendable} isPending={sending}>
        {label}
      </Button>
    </div>
  );
}

/** The access a draft sets: a preset, the access right, each area's level (5 shown only when held, never chosen), the settlement account. */
function AccessFields({ actor }: { actor: ChangeActor }) {
  const { t, i18n } = useLingui();
  const access = useSelector(actor, (s) => s.context.access);
  const initial = useSelector(actor, (s) => s.context.initial);
  const preset = useSelector(actor, (s) => draftPreset(s.context));
  const permissions = useSelector(actor, (s) => s.context.permissions);
  const sendable = useSelector(actor, (s) => draftSendable(s.context));
  const kind = useSelector(actor, (s) => s.context.kind);
  const options = (held: number) => levelOptions(held).map((option) => ({ id: String(option.value), label: i18n._(LEVEL_TEXTS[option.value] ?? LEVEL_TEXTS[0]!), disabled: option.disabled }));
  return (
    <>
      <RadioGroup
        label={t`Start from`}
        options={PRESETS.map((id) => ({ id, label: `${i18n._(PRESET_TEXTS[id])}: ${i18n._(PRESET_NOTES[id])}` }))}
        value={preset}
        onChange={(value) => {
          if (value !== 'custom') actor.send({ type: 'PRESET', preset: value as Exclude<Preset, 'custom'> });
        }}
      />
      <Select label={t`Access right`} options={options(initial.accessRights)} selectedKey={String(access.accessRights)} onSelectionChange={(key) => actor.send({ type: 'RIGHTS', level: Number(key) })} />
      <fieldset className={styles.areas}>
        <legend>{t`Each area`}</legend>
        {ACCESS_AREAS.map((area) => (
          <Select
            key={area}
            label={i18n._(AREA_TEXTS[area])}
            options={options(initial.accessList[area])}
            selectedKey={String(access.accessList[area])}
            onSelectionChange={(key) => actor.send({ type: 'LEVEL', area, level: Number(key) })}
          />
        ))}
      </fieldset>
      <Checkbox isSelected={permissions.settlementAccount === true} onChange={(selected) => actor.send({ type: 'FLAGS', permissions: { ...permissions, settlementAccount: selected } })}>
        {t`May use the settlement account`}
      </Checkbox>
      {!sendable && kind === 'rights' ? <p className={styles.note}>{t`Change at least one level to send this.`}</p> : null}
    </>
  );
}
