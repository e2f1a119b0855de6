export { RepresentativeSection } from './ui/representative-section';
export type { RepresentativeSectionProps } from './ui/representative-section';
