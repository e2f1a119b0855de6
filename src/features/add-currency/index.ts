export { AddCurrencyButton } from './ui/add-currency-button';
export { AddCurrencyDialog } from './ui/add-currency-dialog';
export { addCurrencyFormLogic } from './model/add-currency-form';
