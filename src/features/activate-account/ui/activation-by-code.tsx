import type { FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { activationFormErrors, accountActivationMachine, type ActivationFormProblem } from '@machines/auth/account-activation.machine';
import { activationActions, activationMessages, type ActivationRequest, type ActivationTokens } from '@machines/auth/activation.machine';
import { formActor } from '@/shared/api';
import { activateAccount, resendActivationCode, useSessionActor } from '@/entities/session';
import { focusFirstInvalidSoon, tokenLifetimeMs, uiMessageText } from '@/shared/lib';
import { inspectOptions, useNotificationsActor } from '@/shared/model';
import { Button, FormAlert, RadioGroup, TextField } from '@/shared/ui';
import styles from './activation.module.css';

const PROBLEMS: Record<ActivationFormProblem, ReturnType<typeof msg>> = { required: msg`Required.`, format: msg`Check the format.` };

/** The kinds of account, in the customer's words (the link's three actions). */
const KIND_LABELS = {
  activation: msg`My own account`,
  activationBusiness: msg`A company's account (its first user)`,
  activationEmployee: msg`My access as a company's user`,
} as const;

/**
 * /activate without a link (002 s2, s7): the code typed from the activation e-mail, for
 * each of the three kinds of account; "Send the code again" e-mails a new one. The activation
 * form statechart holds every value: a refusal keeps them and says why; success signs in.
 */
export function ActivationByCode({
  activate = activateAccount,
  resend = resendActivationCode,
}: {
  activate?: (request: ActivationRequest) => Promise<ActivationTokens>;
  resend?: (email: string) => Promise<void>;
}) {
  const { t, i18n } = useLingui();
  const session = useSessionActor();
  const notifications = useNotificationsActor();
  const actor = useActorRef(
    accountActivationMachine.provide({
      actors: {
        activate: formActor((input) => activate(input)),
        resend: formActor((input) => resend(input.email)),
      },
      actions: {
        signIn: (_, { tokens, username }) => {
          notifications.send({ type: 'NOTIFY', notification: { id: 'activated', tone: 'success', title: i18n._(activationMessages.activated) } });
          session.send({ type: 'SIGNED_IN', username, tokens: { ...tokens, lifetimeMs: tokenLifetimeMs(tokens.accessToken) } });
        },
      },
    }),
    { ...inspectOptions(), input: {} },
  );
  const context = useSelector(actor, (s) => s.context);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const activating = useSelector(actor, (s) => s.hasTag('activating'));
  const resending = useSelector(actor, (s) => s.hasTag('resending'));
  const failure = useSelector(actor, (s) => uiMessageText(i18n, s.context.failure));
  const errors = activationFormErrors(context.values);
  const shownFor = (field: 'user' | 'code') => context.shown === 'all' || (field === 'user' && context.shown === 'email');
  const error = (field: 'user' | 'code') => (errors[field] && shownFor(field) ? i18n._(PROBLEMS[errors[field]!]) : null);
  const change = (field: 'action' | 'user' | 'code') => (value: string) => actor.send({ type: 'CHANGE', field, value });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'SUBMIT' });
    focusFirstInvalidSoon(event.currentTarget);
  };
  const resentTo = context.resentTo;
  return (
    <form className={styles.notice} onSubmit={submit} noValidate data-activation aria-busy={busy}>
      <p>{t`Type the e-mail and the code from the activation e-mail, or open the link in it.`}</p>
      <RadioGroup
        label={t`What are you activating?`}
        options={activationActions.map((action) => ({ id: action, label: i18n._(KIND_LABELS[action]) }))}
        value={context.values.action}
        onChange={change('action')}
        isDisabled={busy}
      />
      <TextField type="email" label={t`E-mail`} value={context.values.user} onChange={change('user')} errorMessage={error('user')} autoComplete="email" isRequired isDisabled={busy} maxLength={254} />
      <TextField
        label={t`Activation code`}
        value={context.values.code}
        onChange={change('code')}
        errorMessage={error('code')}
        autoComplete="one-time-code"
        inputMode="numeric"
        isRequired
        isDisabled={busy}
        maxLength={64}
      />
      {resentTo ? (
        <p role="status">{t`If an account with ${resentTo} waits for activation, a new code is on its way. The code sent before no longer works.`}</p>
      ) : null}
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <div className={styles.actions}>
        <Button type="submit" isPending={activating} isDisabled={busy && !activating}>
          {t`Activate`}
        </Button>
        <Button variant="secondary" onPress={() => actor.send({ type: 'RESEND' })} isPending={resending} isDisabled={busy && !resending}>
          {t`Send the code again`}
        </Button>
        <Link to="/login">{t`Sign in`}</Link>
      </div>
    </form>
  );
}
