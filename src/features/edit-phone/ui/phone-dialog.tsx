import { useEffect, useRef, type FormEvent, type RefObject } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import { countryCodeDigits, phoneDigits, phoneProblems, type PhoneProblem, type PhoneVerificationType } from '@machines/verification/phone-verification.machine';
import { ReauthenticationForm, type ReauthenticationActor } from '@/entities/security';
import { useRefreshVerification } from '@/entities/verification';
import { focusableProblem, focusFirstInvalidSoon, uiMessageText } from '@/shared/lib';
import { currentProof, inspectOptions, keepProof, useNotificationsActor } from '@/shared/model';
import { Button, Dialog, FormAlert, RadioGroup, SandboxCaptcha, TextField } from '@/shared/ui';
import { phoneVerificationLogic } from '../model/phone-actors';
import styles from './edit-phone.module.css';

/** A phone of the profile: its id, its country code (digits, without the plus sign) and its number. */
export interface EditablePhone {
  id: number;
  phoneCountryCode: string;
  phone: string;
  /** An unconfirmed phone is confirmed here (the dialog says so), a confirmed one changed. */
  confirmed?: boolean | null | undefined;
}

export interface PhoneDialogProps {
  /** The phone replaced or verified; none to add one. */
  phone?: EditablePhone | null;
  onClose: () => void;
  /** Injectable for stories and tests (fake calls). */
  logic?: typeof phoneVerificationLogic;
}

type Step = 'editing' | 'captcha' | 'code' | 'camera' | 'confirmed' | 'cancelled';
const STEPS: readonly Step[] = ['editing', 'captcha', 'code', 'camera', 'confirmed', 'cancelled'];

type PhoneActor = Actor<typeof phoneVerificationLogic>;

/**
 * Add, replace or verify a phone (spec 002 s3, s5, s7, s8): the number, then how to verify it (a
 * code by SMS, a code by e-mail or the phone's camera; docs/decisions.md "Phone verification
 * types") and the captcha, then the code, or the wait for the phone's camera. The phone verification statechart owns the flow; this view shows its step,
 * moves focus to the step's text when the step changes and, once confirmed, refreshes the
 * verification status and says so. An existing unconfirmed phone is verified by pressing Continue
 * with its number unchanged. Closing at any step leaves (CANCEL).
 */
export function PhoneDialog({ phone = null, onClose, logic = phoneVerificationLogic }: PhoneDialogProps) {
  const { t } = useLingui();
  const refresh = useRefreshVerification();
  const notifications = useNotificationsActor();
  const actor = useActorRef(
    logic.provide({
      actions: {
        confirmed: () => {
          refresh();
          notifications.send({ type: 'NOTIFY', notification: { id: 'phone-confirmed', tone: 'success', title: t`Your phone is confirmed.` } });
        },
        proofGiven: (_, params) => keepProof(params.proof, params.expiresIn),
      },
    }),
    { input: { phoneId: phone?.id ?? null, phoneCountryCode: phone?.phoneCountryCode ?? '', phone: phone?.phone ?? '', proof: currentProof() }, ...inspectOptions() },
  );
  const step = useSelector(actor, (s) => STEPS.find((tag) => s.hasTag(tag)) ?? 'editing');
  // The service asked the user to confirm it is them (issue 49): the child's form, in this dialog.
  const reauthentication = useSelector(actor, (s) => (s.hasTag('reauthenticating') ? (s.children.reauthentication as ReauthenticationActor | undefined) : undefined));
  // What the dialog is for, as it was opened: confirming the phone makes it confirmed (the profile
  // reads it again), and the dialog must not be renamed under the customer.
  const purpose = useRef<'add' | 'confirm' | 'change'>(!phone ? 'add' : phone.confirmed === false ? 'confirm' : 'change').current;
  const close = () => {
    if (actor.getSnapshot().status === 'active') actor.send({ type: 'CANCEL' });
    onClose();
  };
  // Focus follows the steps: to the new step's text, not on the first paint.
  const stepText = useRef<HTMLParagraphElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    stepText.current?.focus();
  }, [step]);
  return (
    <Dialog isOpen onClose={close} title={purpose === 'add' ? t`Add a phone` : purpose === 'confirm' ? t`Confirm your phone` : t`Change your phone`}>
      {reauthentication ? <ReauthenticationForm actor={reauthentication} /> : step === 'editing' ? <EditingStep actor={actor} onCancel={close} /> : null}
      {step === 'captcha' ? <CaptchaStep actor={actor} onCancel={close} textRef={stepText} /> : null}
      {step === 'code' ? <CodeStep actor={actor} onCancel={close} textRef={stepText} /> : null}
      {step === 'camera' ? <CameraStep actor={actor} onCancel={close} textRef={stepText} /> : null}
      {step === 'confirmed' ? (
        <div className={styles.form}>
          <p ref={stepText} tabIndex={-1} className={styles.done}>
            {t`Your phone is confirmed.`}
          </p>
          <div className={styles.actions}>
            <Button onPress={onClose}>{t`Done`}</Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}

interface StepProps {
  actor: PhoneActor;
  onCancel: () => void;
  textRef?: RefObject<HTMLParagraphElement | null>;
}

/** "+40 722000111": the number as it is sent. */
function useNumber(actor: PhoneActor): { code: string; number: string } {
  const code = useSelector(actor, (s) => countryCodeDigits(s.context.phoneCountryCode));
  const number = useSelector(actor, (s) => phoneDigits(s.context.phone));
  return { code, number };
}

/** The first invalid field of the form, else its alert: what to fix after a rejected Continue. */
const PROBLEM = '[aria-invalid="true"], [role="alert"]';

function EditingStep({ actor, onCancel }: StepProps) {
  const { t, i18n } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const phoneCountryCode = useSelector(actor, (s) => s.context.phoneCountryCode);
  const phone = useSelector(actor, (s) => s.context.phone);
  const shown = useSelector(actor, (s) => s.context.shown);
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const failure = useSelector(actor, (s) => uiMessageText(i18n, s.context.failure));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const problems = shown ? phoneProblems(phoneCountryCode, phone) : {};
  const codeText: Record<PhoneProblem, string> = { required: t`Enter the country code.`, format: t`The country code has 1 to 4 digits.` };
  const phoneText: Record<PhoneProblem, string> = { required: t`Enter the phone number.`, format: t`The phone number has 4 to 15 digits.` };
  const codeError = problems.phoneCountryCode ? codeText[problems.phoneCountryCode] : uiMessageText(i18n, fieldErrors.phoneCountryCode);
  const phoneError = problems.phone ? phoneText[problems.phone] : uiMessageText(i18n, fieldErrors.phone);

  // A refused save (new field errors or a failure from the statechart) moves focus to what to fix.
  const refusal = useSelector(actor, (s) => (s.context.failure || Object.values(s.context.fieldErrors).some(Boolean) ? s.context : null));
  useEffect(() => {
    if (refusal) focusableProblem(form.current, PROBLEM)?.focus();
  }, [refusal]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'SUBMIT' });
    // Not saving: the form's rule said no; once the errors are on screen, focus goes to the first.
    if (!actor.getSnapshot().hasTag('busy')) focusFirstInvalidSoon(event.currentTarget, PROBLEM);
  };
  return (
    <form ref={form} noValidate onSubmit={submit} className={styles.form}>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <TextField
        label={t`Country code`}
        description={t`Digits only, for example 40`}
        inputMode="numeric"
        autoComplete="tel-country-code"
        value={phoneCountryCode}
        onChange={(value) => actor.send({ type: 'CHANGE', field: 'phoneCountryCode', value })}
        errorMessage={codeError}
        isRequired
        isReadOnly={busy}
      />
      <TextField
        label={t`Phone number`}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        value={phone}
        onChange={(value) => actor.send({ type: 'CHANGE', field: 'phone', value })}
        errorMessage={phoneError}
        isRequired
        isReadOnly={busy}
      />
      <div className={styles.actions}>
        <Button variant="secondary" onPress={onCancel}>
          {t`Cancel`}
        </Button>
        <Button type="submit" isPending={busy}>
          {t`Continue`}
        </Button>
      </div>
    </form>
  );
}

function CaptchaStep({ actor, onCancel, textRef }: StepProps) {
  const { t, i18n } = useLingui();
  const { code, number } = useNumber(actor);
  const token = useSelector(actor, (s) => s.context.captcha);
  const failure = useSelector(actor, (s) => uiMessageText(i18n, s.context.failure));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const types = useSelector(actor, (s) => s.context.types);
  const type = useSelector(actor, (s) => s.context.type);
  const typeLabel: Record<PhoneVerificationType, string> = { sms: t`A code by SMS`, email: t`A code by e-mail`, camera: t`With the phone's camera, in our app` };
  const text: Record<PhoneVerificationType, string> = {
    sms: t`To send a code to +${code} ${number}, confirm you are not a robot.`,
    email: t`To send a code for +${code} ${number} to your e-mail address, confirm you are not a robot.`,
    camera: t`To send a link to +${code} ${number}, confirm you are not a robot.`,
  };
  const send: Record<PhoneVerificationType, string> = { sms: t`Send the code by SMS`, email: t`Send the code by e-mail`, camera: t`Send the link to the phone` };
  return (
    <form
      noValidate
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'SEND' });
      }}
    >
      <p ref={textRef} tabIndex={-1} className={styles.text}>
        {text[type]}
      </p>
      {types.length > 1 ? (
        <RadioGroup
          label={t`How do you want to verify the phone?`}
          options={types.map((id) => ({ id, label: typeLabel[id] }))}
          value={type}
          onChange={(value) => {
            const verification = types.find((id) => id === value);
            if (verification) actor.send({ type: 'CHOOSE', verification });
          }}
          isDisabled={busy}
        />
      ) : null}
      <SandboxCaptcha token={token} onToken={(next) => actor.send({ type: 'CAPTCHA', token: next })} isDisabled={busy} />
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <div className={styles.actions}>
        <Button variant="secondary" onPress={onCancel}>
          {t`Cancel`}
        </Button>
        <Button type="submit" isDisabled={!token} isPending={busy}>
          {send[type]}
        </Button>
      </div>
    </form>
  );
}

function CodeStep({ actor, onCancel, textRef }: StepProps) {
  const { t, i18n } = useLingui();
  const { code: countryCode, number } = useNumber(actor);
  const code = useSelector(actor, (s) => s.context.code);
  const failure = useSelector(actor, (s) => uiMessageText(i18n, s.context.failure));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const byEmail = useSelector(actor, (s) => s.context.type === 'email');
  return (
    <form
      noValidate
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'SUBMIT' });
      }}
    >
      <p ref={textRef} tabIndex={-1} className={styles.text}>
        {byEmail ? t`We sent a 6-digit code for +${countryCode} ${number} to your e-mail address.` : t`We sent a 6-digit code to +${countryCode} ${number}.`}
      </p>
      <TextField
        label={byEmail ? t`Code from the e-mail` : t`Code from the SMS`}
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onChange={(value) => actor.send({ type: 'CHANGE', field: 'code', value })}
        isRequired
        isReadOnly={busy}
      />
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <div className={styles.actions}>
        <Button variant="secondary" onPress={onCancel}>
          {t`Cancel`}
        </Button>
        <Button variant="secondary" onPress={() => actor.send({ type: 'RESEND' })} isDisabled={busy}>
          {t`Send another code`}
        </Button>
        <Button type="submit" isPending={busy}>
          {t`Confirm phone`}
        </Button>
      </div>
    </form>
  );
}

/** The link sent to the phone (camera): the customer confirms there; the statechart reads the phone's confirmation meanwhile. */
function CameraStep({ actor, onCancel, textRef }: StepProps) {
  const { t, i18n } = useLingui();
  const { code, number } = useNumber(actor);
  const failure = useSelector(actor, (s) => uiMessageText(i18n, s.context.failure));
  const stillWaiting = useSelector(actor, (s) => s.hasTag('stillWaiting'));
  return (
    <div className={styles.form}>
      <p ref={textRef} tabIndex={-1} className={styles.text}>
        {t`We sent a link to +${code} ${number}. Open it on that phone and confirm with its camera in our app.`}
      </p>
      <p role="status" className={styles.text}>
        {stillWaiting ? t`No confirmation from your phone yet. Once you have confirmed on it, check again.` : t`This window goes on by itself once the phone is confirmed.`}
      </p>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <div className={styles.actions}>
        <Button variant="secondary" onPress={onCancel}>
          {t`Cancel`}
        </Button>
        <Button variant="secondary" onPress={() => actor.send({ type: 'RESEND' })}>
          {t`Send another link`}
        </Button>
        {stillWaiting ? <Button onPress={() => actor.send({ type: 'CHECK' })}>{t`Check again`}</Button> : null}
      </div>
    </div>
  );
}
