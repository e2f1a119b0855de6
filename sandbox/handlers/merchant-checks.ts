import {
  feeCovered,
  IDENTITY_PAGE_SIZE,
  identityCheckProblems,
  isCancellable,
  REPUTATION_PAGE_SIZE,
  reputationEmail,
  SUBSCRIBER_PAGE_SIZE,
  type IdentityCheckField,
  type IdentityCheckProblem,
} from '../../machines/merchant/merchant-checks.rules.ts';
import { hasFullMerchantAccess, mayUseMerchantArea } from '../../machines/merchant/merchant.rules.ts';
import { denied, owner } from '../access.ts';
import { transaction } from '../db.ts';
import type { HandlerContext, HandlerMap, HandlerReply } from '../handler-types.ts';
import { idempotent, nowIso } from '../kernel/ledger.ts';
import { forbidden, ok, refused, vf, vfMany, type Issue } from '../kernel/replies.ts';
import {
  cancelSubscription,
  chargeIdentityFee,
  identityCheckById,
  identityChecksOf,
  identityFeeFor,
  insertIdentityCheck,
  installmentsOf,
  openPaymentAccount,
  openPaymentAccountIds,
  reputationOf,
  subscriptionOf,
  subscriptionsOf,
  toIdentityFee,
  toIdentityVerification,
  toInstallment,
  toReputationEntry,
  toSubscription,
} from '../merchant-checks-store.ts';
import { merchantFactsOf } from '../merchant-store.ts';
import { COUNTRIES } from '../reference-lists.ts';
import { isReply, page, reader, writeRefusal } from './merchant.ts';

/**
 * Merchant tools, 2 of 2 (issue 56; main.yaml tag merchant; spec 001 s2 accounts/subscribers,
 * security/verification, security/reputation; s3, s5, s7 Merchant, s9): the calls behind them, on
 * sandbox/merchant-checks-store.ts. Who may do what is as in the merchant area
 * (sandbox/handlers/merchant.ts; the rules of machines/merchant/merchant.rules.ts):
 *
 * - Reads (subscriberList, installmentList, identityFee, identityVerificationList, reputationList):
 *   any merchant level but none; none: ENOA "You have no access to the merchant area".
 * - Writes (subscriberCancel, identityVerificationCreate): full merchant access (level 2), else 403
 *   `{ message }`; once per requestId (kernel/ledger.ts idempotent: the same requestId answers the
 *   first reply and changes nothing, nor charges anything, again).
 * - A customer the caller may not act for: ENOA "You cannot act for this customer".
 * - subscriberList: newest first (by when it started), 50 a page; installmentList in number order;
 *   another customer's subscription: UE. subscriberCancel: only an active one (else UE): the
 *   scheduled installments are cancelled, the paid ones stay paid.
 * - identityFee: the acting customer's open payment account (else UE); the fee by its currency
 *   (IDENTITY_FEES); a crypto account pays none: UE.
 * - identityVerificationCreate: the fields by identityCheckProblems (VF by param, all at once; the
 *   country one of the sandbox's countries), then the account (UE), then the balance against the
 *   fee (UE); the check is kept invited and the fee charged to the account in one transaction.
 * - identityVerificationList: the filters of matchesIdentityFilters (empty values dropped), newest first.
 * - reputationList: the e-mail trimmed and valid (reputationEmail, else VF email); entries for it in
 *   any case, newest first. Reputation is everybody's: any customer with merchant access looks up.
 */

/** The refusals (translated in sandbox/texts). */
export const NO_SUCH_SUBSCRIPTION = 'There is no such subscription';
export const NOT_ACTIVE = 'This subscription is not active';
export const CHOOSE_OPEN_ACCOUNT = 'Choose one of your open payment accounts';
export const NO_CRYPTO_FEE = 'Choose an account in a bank currency: crypto accounts cannot pay the fee';
export const feeNotCovered = (amount: string, currency: string): string => `The balance does not cover the fee of ${amount} ${currency}`;
export const INVALID_EMAIL = 'Enter a valid e-mail address';

/** An identity check field's problem in words (the account's is a refusal of its own, UE). */
export const IDENTITY_FIELD_TEXTS: Record<Exclude<IdentityCheckField, 'accountId'>, Partial<Record<IdentityCheckProblem, string>>> = {
  firstName: { required: 'Enter the first name', tooLong: 'Use at most 100 characters' },
  lastName: { required: 'Enter the last name', tooLong: 'Use at most 100 characters' },
  email: { required: 'Enter an e-mail address', email: INVALID_EMAIL },
  countryCode: { country: 'Choose a country from the list' },
  reference: { tooLong: 'Use at most 100 characters' },
};

// ---- the handlers ------------------------------------------------------------------------------------

export const merchantCheckHandlers: HandlerMap = {
  subscriberList: (ctx) => {
    const acting = reader(ctx);
    if (isReply(acting)) return acting;
    const { total, rows } = subscriptionsOf(ctx.db, acting, ctx.body.pageNumber ?? 1, ctx.body.pageSize ?? SUBSCRIBER_PAGE_SIZE);
    return ok({ total, subscriptions: rows.map((row) => toSubscription(ctx.db, row)) });
  },

  installmentList: (ctx) => {
    const acting = reader(ctx);
    if (isReply(acting)) return acting;
    const row = subscriptionOf(ctx.db, acting, ctx.body.subscriptionId);
    return row ? ok({ installments: installmentsOf(ctx.db, row.id).map(toInstallment) }) : refused(NO_SUCH_SUBSCRIPTION, 'UE');
  },

  subscriberCancel: idempotent(
    'subscriberCancel',
    (ctx, acting) => {
      const row = subscriptionOf(ctx.db, acting, ctx.body.subscriptionId);
      if (!row) return refused(NO_SUCH_SUBSCRIPTION, 'UE');
      if (!isCancellable(row)) return refused(NOT_ACTIVE, 'UE');
      cancelSubscription(ctx.db, row.id, nowIso(ctx));
      return ok({ subscription: toSubscription(ctx.db, subscriptionOf(ctx.db, acting, row.id)!) });
    },
    { refusal: writeRefusal },
  ),

  identityFee: (ctx) => {
    const acting = reader(ctx);
    if (isReply(acting)) return acting;
    const account = openPaymentAccount(ctx.db, acting, ctx.body.accountId);
    if (!account) return refused(CHOOSE_OPEN_ACCOUNT, 'UE');
    const fee = identityFeeFor(account.currency);
    return fee === null ? refused(NO_CRYPTO_FEE, 'UE') : ok({ fee: toIdentityFee(account.id, fee, account.currency) });
  },

  identityVerificationList: (ctx) => {
    const acting = reader(ctx);
    if (isReply(acting)) return acting;
    const { body } = ctx;
    const all = identityChecksOf(ctx.db, acting, { status: body.status ?? '', email: body.email ?? '', fromDate: body.fromDate ?? '', toDate: body.toDate ?? '' });
    return ok({ total: all.length, verifications: page(all, body.pageNumber, body.pageSize ?? IDENTITY_PAGE_SIZE).map(toIdentityVerification) });
  },

  identityVerificationCreate: idempotent(
    'identityVerificationCreate',
    (ctx, acting) => {
      const { db, body } = ctx;
      const values = {
        accountId: body.accountId,
        firstName: body.firstName,
        lastName: body.lastName,
        email: body.email,
        countryCode: body.countryCode,
        reference: body.reference ?? '',
      };
      const problems = identityCheckProblems(values, { accountIds: openPaymentAccountIds(db, acting), countries: COUNTRIES });
      const issues: Issue[] = [];
      for (const field of ['firstName', 'lastName', 'email', 'countryCode', 'reference'] as const) {
        const problem = problems[field];
        if (problem) issues.push({ param: field, description: IDENTITY_FIELD_TEXTS[field][problem]! });
      }
      if (issues.length > 0) return vfMany(issues);
      const account = problems.accountId ? undefined : openPaymentAccount(db, acting, body.accountId);
      if (!account) return refused(CHOOSE_OPEN_ACCOUNT, 'UE');
      const fee = identityFeeFor(account.currency);
      if (fee === null) return refused(NO_CRYPTO_FEE, 'UE');
      if (!feeCovered(account.balance, fee)) return refused(feeNotCovered(fee, account.currency), 'UE');
      const created = nowIso(ctx);
      const person = { firstName: body.firstName.trim(), lastName: body.lastName.trim() };
      // One transaction: the check and its fee (idempotent's, which also keeps the reply).
      return transaction(db, () => {
        const id = insertIdentityCheck(db, {
          customerId: acting,
          accountId: account.id,
          ...person,
          email: body.email.trim(),
          countryCode: body.countryCode.trim().toUpperCase(),
          reference: body.reference?.trim() || null,
          status: 'invited',
          feeAmount: fee,
          feeCurrency: account.currency,
          created,
          updated: created,
        });
        chargeIdentityFee(db, account, fee, person, created);
        return ok({ verification: toIdentityVerification(identityCheckById(db, id)) });
      });
    },
    { refusal: writeRefusal },
  ),

  reputationList: (ctx) => {
    const acting = reader(ctx);
    if (isReply(acting)) return acting;
    const email = reputationEmail(ctx.body.email);
    if (email === null) return vf('email', INVALID_EMAIL);
    const { total, rows } = reputationOf(ctx.db, email, ctx.body.pageNumber ?? 1, ctx.body.pageSize ?? REPUTATION_PAGE_SIZE);
    return ok({ total, entries: rows.map(toReputationEntry) });
  },
};
