import { useEffect } from 'react';
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { isTwoStepMode, isTwoStepOn, offeredTwoStepModes, type TwoStepMode } from '@machines/settings/settings.rules';
import { linkedDevicesQuery } from '@/entities/device';
import { useCustomerChanged, useLogin2faMode, useReplaceTokens, useSignedIn } from '@/entities/session';
import { currentProof, inspectOptions, keepProof } from '@/shared/model';
import { Button } from '@/shared/ui';
import { twoStepModeLogic } from '../model/two-step-actors';
import { TwoStepDialog } from './two-step-dialog';
import styles from './two-step.module.css';

/** What each mode is called on the page, and the button that switches to it. */
export const TWO_STEP_MODE_NAMES: Record<TwoStepMode, MessageDescriptor> = {
  no: msg`Off`,
  sms: msg`A code by SMS`,
  otp: msg`A code from an authenticator app`,
  push: msg`Approval in the mobile app on your linked phone`,
};
const SWITCH_LABELS: Record<TwoStepMode, MessageDescriptor> = {
  no: msg`Turn off two-step verification`,
  sms: msg`Use a code by SMS`,
  otp: msg`Use an authenticator app`,
  push: msg`Use the mobile app`,
};

export interface TwoStepSectionProps {
  /** Injectable for stories and tests (fake calls). */
  logic?: typeof twoStepModeLogic;
  /** The mode and device facts when there is no session (stories). */
  current?: string | null;
  hasLinkedDevice?: boolean;
}

/**
 * Two-step verification on /setting (001 s7 "POST two-step-verification (mode)", s8, s9; 000 s3):
 * the mode now (login2faMode: anything but "no" is on) and a button for each other mode offered
 * (offeredTwoStepModes: push only with a linked phone). A change confirms it is you, sends a code
 * by SMS, and is confirmed with it; when the service gives the session a new token pair the app
 * takes it and goes home (001 s7), else the customer is read again and a success popup shows.
 * The two-step mode statechart owns all of it; this view reads its tags.
 */
export function TwoStepSection({ logic = twoStepModeLogic, current: givenCurrent, hasLinkedDevice: givenLinked }: TwoStepSectionProps) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const sessionMode = useLogin2faMode();
  // Not once signed out: the page is still on screen for a moment after the cache is emptied (no request without a token).
  const signedIn = useSignedIn();
  const linked = useQuery({ ...linkedDevicesQuery(), enabled: givenLinked === undefined && signedIn });
  const current = givenCurrent !== undefined ? givenCurrent : sessionMode;
  const hasLinkedDevice = givenLinked ?? (linked.data?.length ?? 0) > 0;
  const replaceTokens = useReplaceTokens();
  const customerChanged = useCustomerChanged();
  const actor = useActorRef(
    logic.provide({
      actions: {
        proofGiven: (_, params) => keepProof(params.proof, params.expiresIn),
        replaceTokens: (_, params) => replaceTokens(params),
        goHome: () => void navigate({ to: '/home' }),
        modeChanged: () => customerChanged(),
      },
    }),
    { input: { current, hasLinkedDevice, proof: currentProof() }, ...inspectOptions() },
  );
  useEffect(() => {
    actor.send({ type: 'PROFILE', current, hasLinkedDevice });
  }, [actor, current, hasLinkedDevice]);
  const shownMode = useSelector(actor, (s): TwoStepMode => (isTwoStepOn(s.context.current) && isTwoStepMode(s.context.current) ? s.context.current : 'no'));
  const choosing = useSelector(actor, (s) => s.hasTag('choosing'));
  const offered = useSelector(actor, (s) => offeredTwoStepModes(s.context.current, s.context.hasLinkedDevice));
  const modeName = i18n._(TWO_STEP_MODE_NAMES[shownMode] ?? TWO_STEP_MODE_NAMES.no);
  return (
    <section aria-labelledby="two-step-title" className={styles.section}>
      <h2 id="two-step-title">{t`Two-step verification`}</h2>
      <p className={styles.hint}>{t`A second step after your password when you sign in.`}</p>
      <p className={styles.now}>
        {t`Now:`} <strong>{modeName}</strong>
      </p>
      <div className={styles.buttons}>
        {offered
          .filter((mode) => mode !== shownMode)
          .map((mode) => (
            <Button key={mode} variant="secondary" aria-haspopup="dialog" isDisabled={!choosing} onPress={() => actor.send({ type: 'CHOOSE', mode })}>
              {i18n._(SWITCH_LABELS[mode])}
            </Button>
          ))}
      </div>
      {!hasLinkedDevice ? <p className={styles.hint}>{t`To approve sign-ins in the mobile app, link your phone first.`}</p> : null}
      <TwoStepDialog actor={actor} />
    </section>
  );
}
