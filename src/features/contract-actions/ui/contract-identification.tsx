import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { IDENTITY_PROVIDERS, type IdentificationStatus, type IdentityProvider } from '@machines/contracts/contract-identification.machine';
import { uiMessageText } from '@/shared/lib';
import { Button, FormAlert, RadioGroup } from '@/shared/ui';
import type { IdentificationLogic } from '../model/identification-logic';
import { useIdentificationActor } from '../model/use-identification-actor';
import styles from './contract-identification.module.css';

/** The providers' names as their pages show them. */
const PROVIDER_NAMES: Readonly<Record<IdentityProvider, string>> = { jmo: 'JMO', nfd: 'NFD' };

export interface ContractIdentificationProps {
  contractId: number;
  /** The payer's identificationStatus as read. */
  status: IdentificationStatus;
  /** Stories give the statechart fake calls. */
  logic?: IdentificationLogic;
}

/**
 * The payer's identification of a contract waiting for it (issue 59; the identification
 * statechart): what it needs, the provider of the video identification chosen, Start (off to the
 * provider's page, back to this contract), or Send to my phone (the answer read here every few
 * seconds); a failure said with the way to try again; each call sent once while it is in flight.
 */
export function ContractIdentification({ contractId, status, logic }: ContractIdentificationProps) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const actor = useIdentificationActor({ contractId, status, ...(logic ? { logic } : {}) });
  const state = useSelector(actor, (s) => (s.matches('stillProcessing') ? 'stillProcessing' : s.matches('processing') ? 'processing' : s.matches('failed') ? 'failed' : 'other'));
  const mayStart = useSelector(actor, (s) => s.hasTag('mayStart'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const starting = useSelector(actor, (s) => s.hasTag('busy') && s.context.via === 'video');
  const pushing = useSelector(actor, (s) => s.hasTag('busy') && s.context.via === 'phone');
  const provider = useSelector(actor, (s) => s.context.provider);
  const pushed = useSelector(actor, (s) => s.context.pushed && !s.hasTag('busy'));
  const error = useSelector(actor, (s) => uiMessageText(i18n, s.context.error));
  const lead =
    state === 'processing' || state === 'stillProcessing'
      ? t`Your identification is under way. Its result is shown here as soon as it is known; you can also begin it again.`
      : t`As the payer, you confirm your identity once by a short video call before the contract starts.`;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>{t`Identify yourself`}</h2>
      <p className={styles.lead}>{lead}</p>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <p role="status" className={styles.status}>
        {pushed ? t`Sent to your phone: open the notification there and follow it.` : null}
      </p>
      {state === 'stillProcessing' ? (
        <p className={styles.row}>
          <Button variant="secondary" onPress={() => actor.send({ type: 'CHECK' })}>
            {t`Check the result`}
          </Button>
        </p>
      ) : null}
      <RadioGroup
        label={t`Video identification with`}
        options={IDENTITY_PROVIDERS.map((id) => ({ id, label: PROVIDER_NAMES[id] }))}
        value={provider}
        isDisabled={busy || !mayStart}
        onChange={(value) => actor.send({ type: 'CHOOSE', provider: value as IdentityProvider })}
      />
      <div className={styles.row}>
        <Button isPending={starting} isDisabled={!mayStart && !starting} onPress={() => actor.send({ type: 'START' })}>
          {state === 'failed' ? t`Try the video identification again` : t`Start the video identification`}
        </Button>
        <Button variant="secondary" isPending={pushing} isDisabled={!mayStart && !pushing} onPress={() => actor.send({ type: 'PUSH' })}>
          {pushed ? t`Send to my phone again` : t`Send to my phone`}
        </Button>
      </div>
    </section>
  );
}
