import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import type { ContractStatus } from '@machines/contracts/contract.rules';
import { ToneBadge, type BadgeTone } from '@/shared/ui';

/** Each status in words (000 s4 names them; the words are the app's). */
const LABELS: Readonly<Record<ContractStatus, MessageDescriptor>> = {
  UNSIGNED: msg`Not signed`,
  WAITING: msg`Waiting for a signature`,
  NEED_IDENTIFICATION: msg`Waiting for identification`,
  SIGNED: msg`Signed`,
  ACTIVE: msg`Active`,
  TERMINATING: msg`Ending`,
  EXPIRED: msg`Expired`,
  TERMINATED: msg`Terminated`,
  CANCELLED: msg`Cancelled`,
  REJECTED: msg`Rejected`,
};

const TONES: Readonly<Record<ContractStatus, BadgeTone>> = {
  UNSIGNED: 'warning',
  WAITING: 'warning',
  NEED_IDENTIFICATION: 'warning',
  SIGNED: 'info',
  ACTIVE: 'success',
  TERMINATING: 'danger',
  EXPIRED: 'neutral',
  TERMINATED: 'neutral',
  CANCELLED: 'neutral',
  REJECTED: 'neutral',
};

export const contractStatusLabel = (status: ContractStatus): MessageDescriptor => LABELS[status];

/** A contract's status as a badge: its words and a tone (the words carry the meaning; the colour only repeats it). */
export function ContractStatusBadge({ status }: { status: ContractStatus }) {
  const { i18n } = useLingui();
  return <ToneBadge tone={TONES[status]}>{i18n._(LABELS[status])}</ToneBadge>;
}
