import { useLingui } from '@lingui/react/macro';
import { errorText } from '../../api/errors';
import { ErrorState } from '../error-state/error-state';
import { Preloader } from '../preloader/preloader';

export interface QueryLike {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data?: unknown;
  refetch: () => unknown;
}

/**
 * The loading and error states of a list read from a query: a preloader while the first load runs;
 * on failure without data, what happened (the server's text as text) and "Try again". With data
 * (a failed refetch) nothing is shown here: what the user was reading stays on screen.
 */
export function QueryState({ query, title }: { query: QueryLike; title: string }) {
  const { t, i18n } = useLingui();
  if (query.isError && !query.data) return <ErrorState title={title} message={errorText(i18n, query.error)} onRetry={() => void query.refetch()} />;
  if (query.isPending) return <Preloader label={t`Loading`} />;
  return null;
}
