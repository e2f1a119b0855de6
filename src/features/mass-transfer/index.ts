export { checkMassFileText } from './model/parse-mass-file';
export type { MassFileCheck, MassFileProblem } from './model/parse-mass-file';
export { massFileFlows, massFileLogic } from './model/mass-file-flow';
export type { MassFileLogic } from './model/mass-file-flow';
export { MassFileForm, MassFileReview } from './ui/mass-file-views';
export type { MassFileActor } from './ui/mass-file-views';
