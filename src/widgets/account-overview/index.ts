export { AccountOverview, AccountOverviewView } from './ui/account-overview';
export { AccountList } from './ui/account-list';
export { CardTile } from './ui/card-tile';
export { ExchangeRates, ExchangeRatesView } from './ui/exchange-rates';
