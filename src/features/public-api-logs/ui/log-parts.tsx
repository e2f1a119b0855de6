import { useLingui } from '@lingui/react/macro';
import type { LogPage } from '@/entities/public-api';
import { Button, type QueryLike } from '@/shared/ui';
import styles from './public-api-logs.module.css';

/** A log's read as the views need it, page by page by the service's cursor (stories give fakes). */
export type LogRead<T> = QueryLike & {
  data?: { pages: LogPage<T>[] } | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
};

/** "Show more": the next page by the last one's cursor, while the service names one. */
export function ShowMore({ read }: { read: Pick<LogRead<unknown>, 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage'> }) {
  const { t } = useLingui();
  if (!read.hasNextPage) return null;
  return (
    <div className={styles.buttons}>
      <Button variant="secondary" isPending={read.isFetchingNextPage} onPress={() => void read.fetchNextPage()}>
        {t`Show more`}
      </Button>
    </div>
  );
}

/** A filter form's buttons: Apply (the checked values into the address) and Clear. */
export function FilterButtons({ onClear }: { onClear: () => void }) {
  const { t } = useLingui();
  return (
    <div className={styles.buttons}>
      <Button type="submit">{t`Apply`}</Button>
      <Button variant="secondary" onPress={onClear}>
        {t`Clear`}
      </Button>
    </div>
  );
}
