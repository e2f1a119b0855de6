import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { messageParts } from '@machines/shared/link-check.rules';
import { inspectOptions } from '@/shared/model';
import { linkCheckLogicFor, type LinkCheckLogic } from '../model/link-check-actors';
import { LinkCheckDialog } from './link-check-dialog';
import styles from './check-link.module.css';

export interface LinkedTextProps {
  /** A message someone else wrote, as text. */
  text: string;
  /** The link check statechart's logic (stories give fakes); the app's by default. */
  logic?: LinkCheckLogic;
}

/**
 * A message someone else wrote, as text, with its web addresses as links that are checked before
 * they open (POST /service/check-urls; the link check statechart and its dialog). Nothing of the
 * message is read as markup. Inline: put it inside the paragraph that holds the message.
 */
export function LinkedText({ text, logic }: LinkedTextProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  // The statechart's logic, made once for the message (its flow is its own).
  const [made] = useState(() => logic ?? linkCheckLogicFor(queryClient));
  const actor = useActorRef(made, inspectOptions());
  const parts = messageParts(text);
  if (!parts.some((part) => part.kind === 'link')) return <>{text}</>;
  return (
    <>
      {parts.map((part, index) =>
        part.kind === 'text' ? (
          part.text
        ) : (
          <button key={index} type="button" className={styles.link} onClick={() => actor.send({ type: 'OPEN', url: part.url })}>
            {part.url}
            <span className={styles.visuallyHidden}> {t`(checked before it opens)`}</span>
          </button>
        ),
      )}
      <LinkCheckDialog actor={actor} />
    </>
  );
}
