export { RepresentativesSection } from './ui/representatives-section';
