export { TwoStepSection } from './ui/two-step-section';
export type { TwoStepSectionProps } from './ui/two-step-section';
export { twoStepModeLogic } from './model/two-step-actors';
