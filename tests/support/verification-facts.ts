export { checkedFacts, factsFor } from '@machines/verification/verification.fixtures';
