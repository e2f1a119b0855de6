import { useLingui } from '@lingui/react/macro';
import { readApiLogFilters, readWebhookLogFilters } from '@machines/public-api/public-api.rules';
import { AllowedIpsPanel, ApiKeysPanel, WebhooksPanel } from '@/features/manage-public-api';
import { ApiLog, WebhookLog } from '@/features/public-api-logs';
import styles from '../merchant-page.module.css';
import { PAGE_TEXTS } from '../page-texts';
import type { GroupContentProps } from './props';

/** The internal group's pages (full merchant access only): API keys with the allowed IPs, the API log, the webhooks with their log. */
export function InternalContent({ page, search, onSearch }: GroupContentProps) {
  const { i18n } = useLingui();
  if (page === 'internal/api_key') {
    return (
      <div className={styles.stack}>
        <ApiKeysPanel />
        <AllowedIpsPanel />
      </div>
    );
  }
  if (page === 'internal/api_log') return <ApiLog filters={readApiLogFilters(search)} onFilters={onSearch} />;
  return (
    <div className={styles.stack}>
      <h1 className={styles.title}>{i18n._(PAGE_TEXTS['internal/webhook_log'].title)}</h1>
      <WebhooksPanel />
      <WebhookLog filters={readWebhookLogFilters(search)} onFilters={onSearch} />
    </div>
  );
}
