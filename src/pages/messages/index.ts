export { MessagesPage, MessagesView } from './ui/messages-page';
export type { MessagesSearch, MessagesViewProps } from './ui/messages-page';
