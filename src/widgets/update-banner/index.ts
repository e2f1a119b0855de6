export { UpdateCheck } from './ui/update-check-gate';
export { UpdateBanner } from './ui/update-banner';
