export { AdminCustomerSearchForm } from './ui/admin-customer-filter';
export type { AdminCustomerSearchFormProps } from './ui/admin-customer-filter';
