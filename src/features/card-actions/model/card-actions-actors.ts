import { fromPromise } from 'xstate';
import { cardActionsMachine, type CardState } from '@machines/cards/card-actions.machine';
import { ACTIVATION_PARAM_PREFIX, activationFormMachine, changePinFormMachine, reissueFormMachine, renameFormMachine } from '@machines/cards/card-forms';
import type { FormValues } from '@machines/shared/form.machine';
import {
  cardActivation,
  cardBlock,
  cardActivationData,
  cardChangePin,
  cardGetPin,
  cardReissue,
  cardSetAlias,
  cardShowPin,
  runCardCommand,
} from '@/entities/card';
import { approvalLogic } from '@/entities/approval';
import { formActor, toFormFailure, uiActor } from '@/shared/api';


/** A form submit whose failure becomes field errors and a form message (a FormFailure). */
const submitting = (call: (values: FormValues) => Promise<unknown>) =>
  formActor<unknown, { values: FormValues }>((input) => call(input.values));

/** The activation's extra parameters as the service wants them: { name: value }. */
export function extraParamsOf(values: FormValues): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values)
      .filter(([key]) => key.startsWith(ACTIVATION_PARAM_PREFIX))
      .map(([key, value]) => [key.slice(ACTIVATION_PARAM_PREFIX.length), value.trim()]),
  );
}

/**
 * The card-actions statechart with its real calls (spec 001 s7); block, PIN change and reissue
 * confirm through the approval statechart with the approval calls. The forms' field errors come
 * back by the service's `param` names, which are the forms' field names; the activation's extra
 * parameters come back by their own names and are shown on the `param.<name>` fields.
 */
export function cardActionsLogicFor(card: Pick<CardState, 'accountId'>) {
  const { accountId } = card;
  return cardActionsMachine.provide({
    actors: {
      command: uiActor((input) => runCardCommand(input.method, input.accountId)),
      block: uiActor((input) => cardBlock(input.accountId)),
      approval: approvalLogic,
      showPin: uiActor((input) => cardShowPin(input.accountId)),
      getPin: uiActor((input) => cardGetPin(input.accountId, input.operationId)),
      activationData: uiActor((input) => cardActivationData(input.accountId)),
      changePinForm: changePinFormMachine.provide({
        actors: { submit: submitting((v) => cardChangePin(accountId, { pin: v.pin ?? '', pinRepeat: v.pinRepeat ?? '', confirm: v.confirm === 'true' })) },
      }),
      renameForm: renameFormMachine.provide({ actors: { submit: submitting((v) => cardSetAlias(accountId, (v.cardAliasName ?? '').trim())) } }),
      reissueForm: reissueFormMachine.provide({ actors: { submit: submitting((v) => cardReissue(accountId, v.isExpressShipping === 'true')) } }),
      activationForm: activationFormMachine.provide({
        actors: {
          submit: fromPromise<unknown, { values: FormValues }>(async ({ input: { values } }) => {
            try {
              return await cardActivation({ accountId, feeAccountId: Number(values.feeAccountId), extraParams: extraParamsOf(values), requestId: values.requestId ?? '' });
            } catch (error) {
              const failure = toFormFailure(error);
              // The service names an extra parameter by its own name; the form keeps it as param.<name>.
              const fields = Object.fromEntries(
                Object.entries(failure.fields ?? {}).map(([name, message]) => [name in values || name === 'feeAccountId' ? name : `${ACTIVATION_PARAM_PREFIX}${name}`, message]),
              );
              throw { ...failure, fields };
            }
          }),
        },
      }),
    },
  });
}

export type CardActionsLogic = ReturnType<typeof cardActionsLogicFor>;
