export { StatementsPage, StatementsView, InstructionsView } from './ui/statements-page';
