export { usePageTitle } from './page-title';
export { formatAmount, formatMoney, formatDate, formatDateTime, CURRENCY_SYMBOLS } from './format';
