export { RepresentativeSection, RepresentativeAddressForm } from './ui/representative-section';
export type { RepresentativeSectionProps } from './ui/representative-section';
export type { RepresentativeAddressDialogProps } from './ui/representative-address-dialog';
