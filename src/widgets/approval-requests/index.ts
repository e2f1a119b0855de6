export { ApprovalsLink, ApprovalsLinkView } from './ui/approvals-link';
