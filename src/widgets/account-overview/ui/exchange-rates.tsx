import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { exchangeRatesQuery, type ExchangeRate } from '@/entities/account';
import { formatAmount } from '@/shared/lib';
import { QueryState, type QueryLike } from '@/shared/ui';
import styles from './account-overview.module.css';

/**
 * Default exchange rates between the currencies the customer holds (defaultExchangeRates), shown on
 * home where balances in several currencies sit side by side. Indicative: a transfer shows its own rate.
 */
export function ExchangeRates({ currencies }: { currencies: readonly string[] }) {
  const query = useQuery({ ...exchangeRatesQuery(), enabled: currencies.length > 1 });
  if (currencies.length < 2) return null;
  return <ExchangeRatesView query={query} currencies={currencies} />;
}

export function ExchangeRatesView({ query, currencies }: { query: QueryLike & { data?: readonly ExchangeRate[] | undefined }; currencies: readonly string[] }) {
  const { t, i18n } = useLingui();
  const held = new Set(currencies);
  // One direction per pair, in the order the customer's currencies come.
  const rates = (query.data ?? []).filter(
    (r) => held.has(r.fromCurrencyCode) && held.has(r.toCurrencyCode) && currencies.indexOf(r.fromCurrencyCode) < currencies.indexOf(r.toCurrencyCode),
  );
  if (query.data && rates.length === 0) return null;
  return (
    <section aria-labelledby="rates-title" className={styles.rates}>
      <h2 id="rates-title" className={styles.ratesTitle}>{t`Exchange rates`}</h2>
      <QueryState query={query} title={t`Could not load the exchange rates`} />
      {rates.length > 0 ? (
        <ul className={styles.rateList}>
          {rates.map((r) => (
            <li key={`${r.fromCurrencyCode}-${r.toCurrencyCode}`}>
              1 {r.fromCurrencyCode} = {formatAmount(r.rate, i18n.locale)} {r.toCurrencyCode}
            </li>
          ))}
        </ul>
      ) : null}
      <p className={styles.detail}>{t`Indicative rates. A transfer shows the rate it uses before you confirm.`}</p>
    </section>
  );
}
