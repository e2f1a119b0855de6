export { PreapprovedFilters } from './ui/preapproved-filters';
export type { PreapprovedFiltersProps } from './ui/preapproved-filters';
