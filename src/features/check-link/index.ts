export { LinkedText } from './ui/linked-text';
export type { LinkedTextProps } from './ui/linked-text';
export { LinkCheckDialog } from './ui/link-check-dialog';
export { linkCheckLogicFor } from './model/link-check-actors';
export type { LinkCheckLogic } from './model/link-check-actors';
export { linkCheckQuery, linkCheckKeys } from './api/check-urls';
