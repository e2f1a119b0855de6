import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { Actor, AnyActorRef } from 'xstate';
import { ACTIVATION_PARAM_PREFIX } from '@machines/cards/card-forms';
import { fundingAccounts } from '@machines/cards/card.logic';
import type { FormMachine } from '@machines/shared/form.machine';
import type { Account } from '@/entities/account';
import { ApprovalDialog, type ApprovalActor } from '@/entities/approval';
import { useFormView, formatMoney, type FormMachineView } from '@/shared/lib';
import { Button, Checkbox, Dialog, FormAlert, FormDialog, Money, RadioGroup, Select, TextField } from '@/shared/ui';
import type { CardActionsActor } from './card-actions';
import styles from './card-action-dialogs.module.css';

/**
 * The dialog of the card action under way (the statechart's tag says which): the block
 * confirmation, the form the statechart invoked (its child `form`), or the approval of a
 * sensitive action (its child `approval`: the code, the push, the result). Closing sends CANCEL.
 */
export function CardActionDialog({ actor, accounts }: { actor: CardActionsActor; accounts: readonly Account[] }) {
  const tag = useSelector(actor, (s) => (['confirmBlock', 'changePin', 'rename', 'reissue', 'activate', 'approving'] as const).find((name) => s.hasTag(name)) ?? null);
  const form = useSelector(actor, (s) => (s.children as { form?: Actor<FormMachine> }).form ?? null);
  const approval = useSelector(actor, (s) => s.children.approval as AnyActorRef | undefined) as ApprovalActor | undefined;
  const cancel = () => actor.send({ type: 'CANCEL' });
  if (tag === 'confirmBlock') return <BlockDialog actor={actor} onCancel={cancel} />;
  if (tag === 'approving') return approval ? <ApprovalDialog actor={approval} /> : null;
  if (!form) return null;
  switch (tag) {
    case 'changePin':
      return <ChangePinDialog form={form} onCancel={cancel} />;
    case 'rename':
      return <RenameDialog form={form} onCancel={cancel} />;
    case 'reissue':
      return <ReissueDialog form={form} onCancel={cancel} />;
    case 'activate':
      return <ActivationDialog actor={actor} form={form} accounts={accounts} onCancel={cancel} />;
    default:
      return null;
  }
}

function useCardName(actor: CardActionsActor): string {
  const { t } = useLingui();
  const card = useSelector(actor, (s) => s.context.card);
  return card.cardAliasName ?? (card.cardIsVirtual ? t`Virtual card` : t`Card`);
}

function BlockDialog({ actor, onCancel }: { actor: CardActionsActor; onCancel: () => void }) {
  const { t } = useLingui();
  const name = useCardName(actor);
  return (
    <Dialog isOpen role="alertdialog" onClose={onCancel} title={t`Block ${name}?`}>
      <div className={styles.form}>
        <p className={styles.text}>{t`A blocked card cannot be used again; you would need a new one. To stop it for a while, pause it instead.`}</p>
        <div className={styles.buttons}>
          <Button variant="secondary" onPress={onCancel} autoFocus>
            {t`Keep the card`}
          </Button>
          <Button variant="danger" onPress={() => actor.send({ type: 'CONFIRM' })}>
            {t`Block card`}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}


function ChangePinDialog({ form, onCancel }: { form: Actor<FormMachine>; onCancel: () => void }) {
  const { t } = useLingui();
  const view = useFormView(form);
  const confirm = view.field('confirm');
  return (
    <FormDialog view={view} title={t`Change PIN`} submitLabel={t`Change PIN`} onCancel={onCancel}>
      <TextField {...view.field('pin')} label={t`New PIN`} description={t`4 digits`} type="password" inputMode="numeric" autoComplete="off" maxLength={4} isRequired />
      <TextField {...view.field('pinRepeat')} label={t`New PIN again`} type="password" inputMode="numeric" autoComplete="off" maxLength={4} isRequired />
      <Checkbox
        isSelected={confirm.value === 'true'}
        onChange={(on) => confirm.onChange(on ? 'true' : '')}
        isInvalid={Boolean(confirm.errorMessage)}
        {...(confirm.errorMessage ? { 'aria-describedby': 'change-pin-confirm-error' } : {})}
      >
        {t`I understand that my old PIN stops working.`}
      </Checkbox>
      {confirm.errorMessage ? (
        <p id="change-pin-confirm-error" className={styles.error}>
          {confirm.errorMessage}
        </p>
      ) : null}
    </FormDialog>
  );
}

function RenameDialog({ form, onCancel }: { form: Actor<FormMachine>; onCancel: () => void }) {
  const { t } = useLingui();
  const view = useFormView(form);
  return (
    <FormDialog view={view} title={t`Rename card`} submitLabel={t`Save name`} onCancel={onCancel}>
      <TextField {...view.field('cardAliasName')} label={t`Card name`} description={t`Only you see this name.`} maxLength={40} autoComplete="off" isRequired />
    </FormDialog>
  );
}

function ReissueDialog({ form, onCancel }: { form: Actor<FormMachine>; onCancel: () => void }) {
  const { t } = useLingui();
  const view = useFormView(form);
  const shipping = view.field('isExpressShipping');
  return (
    <FormDialog view={view} title={t`Reissue card`} submitLabel={t`Order a new card`} onCancel={onCancel}>
      <p className={styles.text}>{t`A new card with a new number is sent to your address. This card keeps working until you activate the new one.`}</p>
      <RadioGroup
        label={t`Shipping`}
        options={[
          { id: 'false', label: t`Standard shipping` },
          { id: 'true', label: t`Express shipping` },
        ]}
        value={shipping.value || null}
        onChange={shipping.onChange}
        errorMessage={shipping.errorMessage}
      />
    </FormDialog>
  );
}

function AccountSelect({ label, accounts, field }: { label: string; accounts: readonly Account[]; field: ReturnType<FormMachineView['field']> }) {
  const { t, i18n } = useLingui();
  return (
    <Select
      label={label}
      placeholder={t`Choose…`}
      options={accounts.map((a) => ({ id: String(a.accountId), label: t`${a.currencyCode} account ${a.accountId} · ${formatMoney(a.balance, a.currencyCode, i18n.locale)}` }))}
      selectedKey={field.value || null}
      onSelectionChange={field.onChange}
      errorMessage={field.errorMessage}
      isRequired
    />
  );
}

function ActivationDialog({ actor, form, accounts, onCancel }: { actor: CardActionsActor; form: Actor<FormMachine>; accounts: readonly Account[]; onCancel: () => void }) {
  const { t } = useLingui();
  const view = useFormView(form);
  const data = useSelector(actor, (s) => s.context.activation);
  if (!data) return null;
  const sources = fundingAccounts(accounts, data.feeCurrency);
  const paramLabels: Record<string, { label: string; description?: string; inputMode?: 'numeric' }> = {
    lastFourDigits: { label: t`Last 4 digits of the card number`, description: t`As printed on the card you received.`, inputMode: 'numeric' },
    cvv: { label: t`Security code (CVV)`, description: t`The 3 or 4 digits on the back of the card.`, inputMode: 'numeric' },
  };
  return (
    <FormDialog view={view} title={t`Activate card`} submitLabel={t`Activate card`} onCancel={onCancel}>
      <p className={styles.text}>
        {t`Activation fee`}: <Money amount={data.fees} currency={data.feeCurrency} />
      </p>
      {sources.length > 0 ? (
        <AccountSelect label={t`Pay the fee from`} accounts={sources} field={view.field('feeAccountId')} />
      ) : (
        <FormAlert>{t`You need a ${data.feeCurrency} account to pay the activation fee.`}</FormAlert>
      )}
      {data.extraParams.map((param) => {
        const known = paramLabels[param.name];
        return (
          <TextField
            key={param.name}
            {...view.field(`${ACTIVATION_PARAM_PREFIX}${param.name}`)}
            label={known?.label ?? param.name}
            {...(known?.description ? { description: known.description } : {})}
            {...(known?.inputMode ? { inputMode: known.inputMode } : {})}
            autoComplete="off"
            isRequired={param.required}
          />
        );
      })}
    </FormDialog>
  );
}

