import type { Db } from './db.ts';
import type { ExternalType } from '../machines/transfers/external-rails.ts';
import type { TransferText } from './kernel/ledger.ts';

/**
 * What a held operation will do once approved (sandbox/approvals.ts) or once a business request is
 * approved (sandbox/requests.ts): the work, stored as JSON with the approval or the request, one
 * shape per kind. Each kind has its performer (sandbox/performers.ts, the one table): it does the
 * work inside the caller's database transaction and answers whether it could (the balance may
 * have gone meanwhile); its releaser undoes what holding reserved when the work is not done.
 */

/** Between own accounts (sandbox/handlers/own-transfer.ts); toAmount: what arrives, when the currency changes. */
export interface OwnTransferWork {
  kind: 'ownTransfer';
  fromId: number;
  toId: number;
  amount: string;
  toAmount?: string;
  fee: string;
  /** The reference, on both accounts' rows. */
  text?: TransferText;
}

/** A p2p transfer by e-mail (sandbox/handlers/p2p.ts). */
export interface P2pWork {
  kind: 'p2p';
  fromId: number;
  /** The customer paid; null: the service itself (paying an invoice it issued, which no customer receives). */
  payeeId: number | null;
  amount: string;
  fee: string;
  currency: string;
  toEmail: string;
  senderName: string;
  payeeName: string;
  senderEmail: string;
  /** The reference and note, on the sender's and the recipient's rows. */
  text?: TransferText;
  /** The invoice it pays (issue 51, sandbox/invoice-store.ts): paid when the money moves, unpaid again when a pending payment is declined. */
  invoiceId?: number;
}

/** A mass p2p transfer from text (sandbox/handlers/p2p.ts). */
export interface P2pMassWork {
  kind: 'p2pMass';
  fromId: number;
  currency: string;
  payments: { payeeId: number; amount: string; fee: string; toEmail: string; payeeName: string }[];
  senderName: string;
  senderEmail: string;
  /** The batch History › Batch transfers lists it as (waiting until the money moves). */
  batchId?: number;
}

/** An external transfer (sandbox/handlers/external.ts). */
export interface ExternalWork {
  kind: 'externalTransfer';
  type: ExternalType;
  fromId: number;
  /** In the source account's currency. */
  amount: string;
  fee: string;
  currency: string;
  counterparty: string;
  /** The debit's status once the money moved: processing for wire and EFT (the bank still has to pay it), else completed. */
  status: 'processing' | 'completed';
  /** The reference, on the debit row. */
  text?: TransferText;
}

/** One payment of a mass transfer file. */
export interface MassPayment {
  amount: string;
  fee: string;
  /** The country it goes to ('' for crypto) and the currency it arrives in. */
  country: string;
  currency: string;
  counterparty: string;
  beneficiary: Record<string, unknown>;
}

/** A mass transfer file (sandbox/handlers/mass-transfer.ts). */
export interface MassWork {
  kind: 'massTransfer';
  type: 'wire' | 'eft' | 'oct' | 'crypto_eft';
  fromId: number;
  currency: string;
  /** The total of the payments' fees, one fee row. */
  fee: string;
  /** The debits' status once the money moved: processing for wire and EFT, else completed. */
  status: 'processing' | 'completed';
  payments: MassPayment[];
  batchId: number;
}

/** Sending a global pay batch (sandbox/handlers/global-pay.ts); amount: what the other device shows. */
export interface GlobalPaySubmitWork {
  kind: 'globalPaySubmit';
  batchId: number;
  amount: string;
}

/** Sending a failed global pay payment again; amount: what the other device shows. */
export interface GlobalPayResendWork {
  kind: 'globalPayResend';
  batchId: number;
  paymentId: number;
  beneficiaryEmail?: string;
  amount: string;
}

/** The sensitive card actions (sandbox/handlers/cards.ts), on the card with this account id. */
export interface CardBlockWork {
  kind: 'cardBlock';
  accountId: number;
}
export interface CardChangePinWork {
  kind: 'cardChangePin';
  accountId: number;
  pin: string;
  pinRepeat: string;
  confirm: boolean | undefined;
}
/** Showing a card's PIN (issue 46: through the approval mode); operationId: the approval's, which cardGetPin then takes. */
export interface CardShowPinWork {
  kind: 'cardShowPin';
  accountId: number;
  operationId: string;
}
export interface CardReissueWork {
  kind: 'cardReissue';
  accountId: number;
  isExpressShipping: boolean;
}

/** An approver's decision on business requests, held in the approver's own approval mode (sandbox/requests.ts). */
export interface RequestDecisionWork {
  kind: 'requestDecision';
  requestIds: number[];
  approverId: number;
}

/**
 * A company's permission change confirmed through its author's approval mode (issue 54,
 * sandbox/permission-changes.ts: the company's one full-access user): applied once approved.
 */
export interface PermissionChangeWork {
  kind: 'permissionChange';
  changeId: number;
  companyId: number;
}

export type Work =
  | OwnTransferWork
  | P2pWork
  | P2pMassWork
  | ExternalWork
  | MassWork
  | GlobalPaySubmitWork
  | GlobalPayResendWork
  | CardBlockWork
  | CardChangePinWork
  | CardShowPinWork
  | CardReissueWork
  | RequestDecisionWork
  | PermissionChangeWork;

export type WorkKind = Work['kind'];
/** The work of each kind, by kind. */
export type WorkOf = { [W in Work as W['kind']]: W };

export type PerformResult = { ok: true } | { ok: false; reason: string };

/** Does and undoes one kind's work. */
export interface Performer<W extends Work> {
  /** Does the work inside the caller's transaction; transactionId: the held (processing) row, if any. */
  perform: (db: Db, customerId: number, work: W, transactionId: number | null, now: string) => PerformResult;
  /** Undoes what holding did when the operation is rejected or fails (a held transfer's row is marked rejected); now: when. */
  release: (db: Db, customerId: number, work: W, transactionId: number | null, now: string) => void;
}

/** Every kind's performer: a kind without one does not compile. */
export type Performers = { [K in WorkKind]: Performer<WorkOf[K]> };

/** Does or undoes any work (the performers' table behind it). */
export interface WorkDoer {
  perform: (db: Db, customerId: number, work: Work, transactionId: number | null, now: string) => PerformResult;
  release: (db: Db, customerId: number, work: Work, transactionId: number | null, now: string) => void;
}

/** The one dispatch by kind. */
export function workDoer(performers: Performers): WorkDoer {
  const performerOf = <K extends WorkKind>(kind: K): Performers[K] => performers[kind];
  const perform = <K extends WorkKind>(kind: K, db: Db, customerId: number, work: WorkOf[K], transactionId: number | null, now: string): PerformResult =>
    performerOf(kind).perform(db, customerId, work, transactionId, now);
  const release = <K extends WorkKind>(kind: K, db: Db, customerId: number, work: WorkOf[K], transactionId: number | null, now: string): void =>
    performerOf(kind).release(db, customerId, work, transactionId, now);
  return {
    perform: (db, customerId, work, transactionId, now) => (Object.hasOwn(performers, work.kind) ? perform(work.kind, db, customerId, work, transactionId, now) : { ok: false, reason: 'Unknown work' }),
    release: (db, customerId, work, transactionId, now) => {
      if (Object.hasOwn(performers, work.kind)) release(work.kind, db, customerId, work, transactionId, now);
    },
  };
}
