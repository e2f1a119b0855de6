import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { safeInAppPath } from '@machines/auth/redirect.logic';
import { cardConfirmRequirementsQuery } from '@/entities/card';
import { ConfirmCardForm, type ConfirmCardLogic, type ConfirmRequirements } from '@/features/add-external-card';
import { usePageTitle } from '@/shared/lib';
import { QueryState, type QueryLike } from '@/shared/ui';
import styles from './confirm-card.module.css';

const route = getRouteApi('/main/confirm-card/$cardId');

/** Where confirming leads back: the in-app path the customer came from (?back=), else /add-card. */
export function backTarget(back: unknown): string {
  return safeInAppPath(back) ?? '/add-card';
}

/**
 * /confirm-card/{cardId} (000 s2): loads what confirming the card asks (the small amount charged
 * to it, the attempts left), takes the amount, and goes back where the customer came from.
 */
export function ConfirmCardPage() {
  const { t } = useLingui();
  usePageTitle(t`Confirm your card`);
  const { cardId } = route.useParams();
  const search = route.useSearch();
  const navigate = useNavigate();
  const id = Number(cardId);
  const requirements = useQuery({ ...cardConfirmRequirementsQuery(id), enabled: id > 0 });
  const back = backTarget(search.back);
  return <ConfirmCardPageView cardId={id} query={requirements} onDone={() => void navigate({ to: back })} />;
}

/** The confirm page with its requirements query injected (stories: loading, error, filled, confirmed). */
export function ConfirmCardPageView({ cardId, query, onDone, logic }: { cardId: number; query: QueryLike & { data?: ConfirmRequirements | undefined }; onDone: () => void; logic?: ConfirmCardLogic }) {
  const { t } = useLingui();
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t`Confirm your card`}</h1>
      <QueryState query={query} title={t`The card could not be loaded`} />
      {query.data ? <ConfirmCardForm cardId={cardId} data={query.data} onDone={onDone} {...(logic ? { logic } : {})} /> : null}
    </div>
  );
}
