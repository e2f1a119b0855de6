import { createApprovals } from './approvals.ts';
import { createRequestDecisions } from './requests.ts';
import { workDoer, type Performers } from './work.ts';
import { cardPerformers } from './handlers/cards.ts';
import { ownTransferPerformers } from './handlers/own-transfer.ts';
import { p2pPerformers } from './handlers/p2p.ts';
import { externalPerformers } from './handlers/external.ts';
import { massTransferPerformers } from './handlers/mass-transfer.ts';
import { globalPayPerformers } from './handlers/global-pay.ts';
import { permissionChangePerformer } from './permission-changes.ts';

/**
 * The one table of performers, by work kind (sandbox/work.ts): what each held operation or
 * business request does once approved, and what undoing its hold means. Listed here explicitly
 * (a kind without a performer does not compile), so nothing depends on import order or side
 * effects; the approvals and the request decisions are made with it.
 */
export const PERFORMERS: Performers = {
  ...ownTransferPerformers,
  ...p2pPerformers,
  ...externalPerformers,
  ...massTransferPerformers,
  ...globalPayPerformers,
  ...cardPerformers,
  // An approver's decision held for their approval: the requests' own performers do the work.
  requestDecision: { perform: (db, acting, work, _held, now) => requestDecisions.performDecision(db, acting, work, now), release: () => undefined },
  // A company's permission change its one full-access user confirmed (issue 54): applied, or failed with the reason.
  permissionChange: permissionChangePerformer,
};

/** Does or undoes any held work through the table. */
export const work = workDoer(PERFORMERS);
/** Deciding business requests (transactionRequestApprove, massTransactionRequestApprove). */
export const requestDecisions = createRequestDecisions(work);
/** Confirming held operations (approveTransfer, approvePayment, …, and the other device's push decision). */
export const approvals = createApprovals(work);
