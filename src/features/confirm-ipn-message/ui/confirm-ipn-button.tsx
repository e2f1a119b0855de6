import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { TaskButton } from '@/shared/ui';
import { confirmIpnLogic, type ConfirmIpnLogic } from '../model/confirm-ipn-actors';

export interface ConfirmIpnButtonProps {
  messageId: number;
  /** The id of the element that names the message (the button reads "Confirm" and that). */
  describedBy: string;
  /** The statechart with its call (Storybook gives a fake). */
  logic?: ConfirmIpnLogic;
}

/** "Confirm" of an IPN message (001 s7 IPN message confirm): once; a refusal is said beside it and may be tried again. */
export function ConfirmIpnButton({ messageId, describedBy, logic }: ConfirmIpnButtonProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const word = `confirm-${messageId}`;
  return (
    <TaskButton logic={logic ?? confirmIpnLogic(messageId, queryClient)} labelledBy={`${word} ${describedBy}`}>
      <span id={word}>{t`Confirm`}</span>
    </TaskButton>
  );
}
