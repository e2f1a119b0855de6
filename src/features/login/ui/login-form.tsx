import { useSelector } from '@xstate/react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { QRCodeSVG } from 'qrcode.react';
import { useLoginFlow, type LoginActor } from '../model/login-flow';
import { Button, FormAlert, PasswordField, TextField } from '@/shared/ui';
import { formatDateTime, uiMessageText } from '@/shared/lib';
import styles from './login-form.module.css';

/**
 * The sign-in screens, one per state of the login statechart. The page only renders what the
 * actor says and sends events; when the flow ends with tokens, the session takes over (login-flow.ts).
 */
export function LoginForm({
  actorRef,
}: {
  /** A running login actor to show instead of the shared sign-in (Storybook drives it into each state). */
  actorRef?: LoginActor | undefined;
}) {
  const { t, i18n } = useLingui();
  const shared = useLoginFlow();
  const actor = actorRef ?? shared;
  const state = useSelector(actor, (s) => s);
  const { context } = state;

  const fieldError = (f: 'username' | 'password' | 'code') => {
    const d = context.fieldErrors[f];
    return d ? i18n._(d) : null;
  };
  const busy = ['preparing', 'submitting', 'exchanging', 'routing', 'flow', 'simple'].some((s) => state.matches(s as never));
  const error = uiMessageText(i18n, context.error);
  const alert = error ? <FormAlert>{error}</FormAlert> : null;

  if (state.matches('termsRequired') && context.terms) {
    return (
      <section aria-labelledby="terms-title" className={styles.panel}>
        <h2 id="terms-title">{context.terms.title}</h2>
        <p className={styles.terms}>{context.terms.text}</p>
        <div className={styles.actions}>
          <Button onPress={() => actor.send({ type: 'ACCEPT_TERMS' })}>{t`Accept and continue`}</Button>
          <Button variant="secondary" onPress={() => actor.send({ type: 'DECLINE_TERMS' })}>{t`Decline`}</Button>
        </div>
      </section>
    );
  }
  if (state.matches('migrationSoft') || state.matches('migrationStrict')) {
    const strict = state.matches('migrationStrict');
    const daysLeft = context.reply?.migration?.daysLeft ?? 0;
    return (
      <section aria-labelledby="migration-title" className={styles.panel}>
        <h2 id="migration-title">{t`Approve sign-ins with the mobile app`}</h2>
        {strict ? (
          <p role="alert">{t`Two-factor approval in the mobile app is now required. Install the app and link this account to continue.`}</p>
        ) : (
          <p>{t`Soon sign-ins must be approved in the mobile app. Days left: ${daysLeft}`}</p>
        )}
        {/* strat (spec 000 s3): migrate an existing second factor, or enable push for the first time. */}
        {context.reply?.migration?.strat === 'migrate' ? <p>{t`Your sign-in codes move to the mobile app: once it is linked, you approve sign-ins there.`}</p> : null}
        {context.reply?.migration?.strat === 'enable' ? <p>{t`Turn on sign-in approval in the mobile app to protect your account.`}</p> : null}
        <p>
          <Link to="/scp-mobile">{t`Get the mobile app`}</Link>
        </p>
        <div className={styles.actions}>
          {strict ? null : <Button onPress={() => actor.send({ type: 'CONTINUE' })}>{t`Continue for now`}</Button>}
          <Button variant="secondary" onPress={() => actor.send({ type: 'BACK' })}>{t`Back`}</Button>
        </div>
      </section>
    );
  }
  if (state.matches('enteringOtp') || state.matches('enteringSms') || (state.matches('exchanging') && context.code)) {
    const sms = context.reply?.authFlow === 'sms';
    const phoneNumber = context.reply?.phoneNumber ?? '';
    const smsIdentifier = context.reply?.smsIdentifier ?? '';
    return (
      <form
        className={styles.panel}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'SUBMIT_CODE' });
        }}
      >
        <h2>{sms ? t`Enter the code we sent by SMS` : t`Enter the one-time code`}</h2>
        {sms ? <p>{t`Sent to ${phoneNumber}. The message is marked ${smsIdentifier}.`}</p> : <p>{t`Open your authenticator app and enter the code.`}</p>}
        {alert}
        <TextField
          label={t`Code`}
          value={context.code}
          onChange={(value) => actor.send({ type: 'CHANGE', field: 'code', value })}
          errorMessage={fieldError('code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
        />
        <div className={styles.actions}>
          <Button type="submit" isPending={state.matches('exchanging')}>{t`Confirm`}</Button>
          <Button variant="secondary" onPress={() => actor.send({ type: 'BACK' })}>{t`Back`}</Button>
        </div>
      </form>
    );
  }
  if (state.matches('awaitingPush') || state.matches('verifyingDevice') || state.matches('approvalExpired')) {
    const devices = context.reply?.devices ?? [];
    return (
      <section aria-labelledby="approve-title" className={styles.panel}>
        <h2 id="approve-title">
          {state.matches('verifyingDevice') ? t`Confirm this new device` : t`Approve the sign-in on your phone`}
        </h2>
        {alert}
        {state.matches('approvalExpired') ? (
          <Button onPress={() => actor.send({ type: 'SUBMIT' })}>{t`Try again`}</Button>
        ) : (
          <p role="status" className={styles.waiting}>{t`Waiting for approval…`}</p>
        )}
        {state.matches('verifyingDevice') && devices.length ? (
          <ul className={styles.devices} aria-label={t`Your devices`}>
            {devices.map((d) => (
              <li key={`${d.name}-${d.lastActivityAt}`}>
                <strong>{d.name}</strong> ({d.type}) · {d.location ?? '—'} · {d.lastActivityAt ? formatDateTime(d.lastActivityAt, i18n.locale) : '—'}
              </li>
            ))}
          </ul>
        ) : null}
        {state.matches('awaitingPush') ? (
          <div className={styles.actions}>
            <Button variant="secondary" isPending={state.matches({ awaitingPush: 'resending' })} onPress={() => actor.send({ type: 'RESEND_PUSH' })}>
              {t`Send again`}
            </Button>
            <Button variant="ghost" isPending={state.matches({ awaitingPush: 'requestingQr' })} onPress={() => actor.send({ type: 'REQUEST_QR' })}>
              {t`Show a QR code`}
            </Button>
          </div>
        ) : null}
        {context.deeplink ? (
          <figure className={styles.qr}>
            <QRCodeSVG value={context.deeplink} size={168} role="img" aria-label={t`QR code to approve the sign-in`} />
            <figcaption>{t`Scan with the mobile app.`}</figcaption>
          </figure>
        ) : null}
        <Button variant="ghost" onPress={() => actor.send({ type: 'BACK' })}>{t`Back`}</Button>
      </section>
    );
  }
  return (
    <form
      className={styles.panel}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'SUBMIT' });
      }}
    >
      {alert}
      <TextField
        label={t`E-mail`}
        type="email"
        autoComplete="username"
        value={context.username}
        onChange={(value) => actor.send({ type: 'CHANGE', field: 'username', value })}
        errorMessage={fieldError('username')}
      />
      <PasswordField
        label={t`Password`}
        value={context.password}
        onChange={(value) => actor.send({ type: 'CHANGE', field: 'password', value })}
        errorMessage={fieldError('password')}
      />
      <Button type="submit" isPending={busy}>
        <Trans>Sign in</Trans>
      </Button>
    </form>
  );
}
