export { RepresentativesSection } from './ui/representatives-section';
export type { RepresentativesSectionProps, RepresentativeAddressDialogSlot, RepresentativeAddressDialogSlotProps } from './ui/representatives-section';
