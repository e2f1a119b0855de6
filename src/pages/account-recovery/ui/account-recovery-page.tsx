import { useEffect, useMemo, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { isRecoveryStep, type RecoveryStep } from '@machines/auth/account-recovery.rules';
import { accountRecoveryLogic, AccountRecoveryView, readStoredRecovery, RECOVERY_TITLES, recoveryStepOf } from '@/features/account-recovery';
import { usePageTitle } from '@/shared/lib';
import { inspectOptions, useBrand } from '@/shared/model';

const route = getRouteApi('/public/account-recovery/$step');

const today = () => new Date().toISOString().slice(0, 10);

/**
 * /account-recovery/<step> (002 s2): the address follows the recovery statechart. A step
 * the statechart moves to is pushed (Back returns); an address the user opens (Back, a reload, a
 * typed one) is asked of the statechart (BACK_TO: the data typed or the answer), and where it
 * cannot go the address is put right (replace). The statechart is made once, from what this tab
 * kept and the address asked for.
 */
export function AccountRecoveryPage() {
  const { i18n } = useLingui();
  const { config } = useBrand();
  const navigate = useNavigate();
  const params = route.useParams();
  const asked: RecoveryStep = isRecoveryStep(params.step) ? params.step : 'email';
  // eslint-disable-next-line react-hooks/exhaustive-deps -- read once: the statechart owns the recovery from here on
  const input = useMemo(() => ({ stored: readStoredRecovery(), asked, today: today() }), []);
  const actor = useActorRef(accountRecoveryLogic, { ...inspectOptions(), input });
  const step = useSelector(actor, recoveryStepOf);
  usePageTitle(i18n._(RECOVERY_TITLES[step]), config.displayName);
  const shown = useRef(step);
  useEffect(() => {
    if (step !== shown.current) {
      // The statechart moved on: the address follows (a new history entry).
      shown.current = step;
      if (asked !== step) void navigate({ to: '/account-recovery/$step', params: { step } });
      return;
    }
    if (asked === step) return;
    // The address changed under the statechart (Back, a typed address): go there if it may.
    actor.send({ type: 'BACK_TO', step: asked });
    const now = recoveryStepOf(actor.getSnapshot());
    shown.current = now;
    if (now !== asked) void navigate({ to: '/account-recovery/$step', params: { step: now }, replace: true });
  }, [actor, asked, navigate, step]);
  return (
    <AccountRecoveryView
      actor={actor}
      support={{ email: config.regulatedEntity.email, phone: config.regulatedEntity.phone }}
      signInLink={(children) => <Link to="/login">{children}</Link>}
    />
  );
}
