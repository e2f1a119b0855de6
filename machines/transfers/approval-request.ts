import type { MainBody, MainUploadData } from '@contract/main-methods';

/**
 * What a screen sends through the approval (001 s4): a call that moves money or decides on it and
 * answers the approval fields (approveType, operationId, transactionId…). Built typed where it is
 * built (the request builders in machines/), by the contract's own method names and bodies, and
 * sent as it is by the one submit of `entities/approval`: no cast at any door.
 */
export type ApprovalBodies = {
  ownAccountsTransfer: MainBody<'ownAccountsTransfer'>;
  p2pTransfer: MainBody<'p2pTransfer'>;
  transferSubmit: MainBody<'transferSubmit'>;
  p2pMassTransfer: MainBody<'p2pMassTransfer'>;
  transactionRequestApprove: MainBody<'transactionRequestApprove'>;
  massTransactionRequestApprove: MainBody<'massTransactionRequestApprove'>;
  globalPaySubmit: MainBody<'globalPaySubmit'>;
  globalPayResendPayment: MainBody<'globalPayResendPayment'>;
  // Issue 54: a change of who may do what for a company (no self-approval: another full-access user, or the author's approval mode).
  businessAccessRightsUpdate: MainBody<'businessAccessRightsUpdate'>;
  businessUserAdd: MainBody<'businessUserAdd'>;
  businessUserDelete: MainBody<'businessUserDelete'>;
  companyEmailSetPrimary: MainBody<'companyEmailSetPrimary'>;
};

/** A JSON call through the approval: its method and its body. */
export type JsonApprovalRequest<M extends keyof ApprovalBodies = keyof ApprovalBodies> = { [K in M]: { method: K; body: ApprovalBodies[K] } }[M];

/** The mass file (001 s5): a file with its JSON `data` part. */
export type MassFileApprovalRequest = {
  method: 'massTransfer';
  data: MainUploadData<'massTransfer'>;
  file: Blob | null;
  fileName: string;
};

export type ApprovalRequest = JsonApprovalRequest | MassFileApprovalRequest;
export type ApprovalMethod = ApprovalRequest['method'];

/** The request of one method (what its builder returns). */
export type ApprovalRequestOf<M extends ApprovalMethod> = Extract<ApprovalRequest, { method: M }>;

