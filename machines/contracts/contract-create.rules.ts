import * as v from 'valibot';
import { normalizeAmount } from '../shared/amount.ts';
import type { FormValues } from '../shared/form.machine';
import { isPercentage } from './contract.rules.ts';

/**
 * A new smart contract (spec 000 s3 "Contract create payload", s5 "Contract create"; issue 59) as
 * one valibot schema shared by the page's form, the create statechart and the sandbox (PUT
 * /contract). The spec's rules, and where it is silent the decisions (docs/decisions.md "Smart
 * contracts: creating one"):
 * - companyId, senderId, beneficiaryId: integers in the 32-bit signed range (spec); positive, and
 *   the sender is not the beneficiary (decisions);
 * - senderSignerName, beneficiarySignerName: at most 256 characters (spec), not blank (decision);
 * - senderObligations, beneficiaryObligations: at least one entry each (spec), none blank, each at
 *   most 500 characters, at most 20 (decisions);
 * - percentage: above 0 and at most 100 (spec), exact decimal text with at most two places,
 *   typed with a decimal point or comma (decision: the page's locale writes either);
 * - activeFrom: required (spec), a real day, not before today (decision: a contract does not start
 *   in the past);
 * - note: at most 1000 characters (decision), may be left out.
 */
export const INT32_MAX = 2_147_483_647;
export const SIGNER_NAME_MAX = 256;
export const OBLIGATION_MAX = 500;
export const OBLIGATIONS_MAX = 20;
export const CONTRACT_NOTE_MAX = 1000;

/** Why a field is refused (the form's words for each are in contract-create.form.ts). */
export const CREATE_PROBLEMS = [
  'companyRequired',
  'counterpartyRequired',
  'sameParty',
  'signerRequired',
  'signerTooLong',
  'obligationsRequired',
  'obligationTooLong',
  'obligationsTooMany',
  'percentageWrong',
  'activeFromRequired',
  'activeFromPast',
  'noteTooLong',
] as const;
export type CreateProblem = (typeof CREATE_PROBLEMS)[number];


const id = (required: CreateProblem) => v.pipe(v.number(required), v.integer(required), v.minValue(1, required), v.maxValue(INT32_MAX, required));
const signer = v.pipe(v.string('signerRequired'), v.trim(), v.nonEmpty('signerRequired'), v.maxLength(SIGNER_NAME_MAX, 'signerTooLong'));
const obligations = v.pipe(
  v.array(v.pipe(v.string('obligationsRequired'), v.trim(), v.nonEmpty('obligationsRequired'), v.maxLength(OBLIGATION_MAX, 'obligationTooLong')), 'obligationsRequired'),
  v.minLength(1, 'obligationsRequired'),
  v.maxLength(OBLIGATIONS_MAX, 'obligationsTooMany'),
);
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day as YYYY-MM-DD that exists (2026-02-30 does not). */
export function isDay(text: string): boolean {
  if (!DAY.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(text);
}

/** The PUT /contract body's schema; `today` (YYYY-MM-DD, the customer's day) bounds activeFrom. */
export function contractCreateSchema(today: string) {
  return v.pipe(
    v.object({
      companyId: id('companyRequired'),
      senderId: id('counterpartyRequired'),
      senderSignerName: signer,
      senderObligations: obligations,
      beneficiaryId: id('counterpartyRequired'),
      beneficiarySignerName: signer,
      beneficiaryObligations: obligations,
      activeFrom: v.pipe(v.string('activeFromRequired'), v.check(isDay, 'activeFromRequired'), v.check((day) => day >= today, 'activeFromPast')),
      percentage: v.pipe(v.string('percentageWrong'), v.check(isPercentage, 'percentageWrong')),
      note: v.optional(v.pipe(v.string('noteTooLong'), v.trim(), v.maxLength(CONTRACT_NOTE_MAX, 'noteTooLong'))),
    }),
    v.forward(
      v.check((body) => body.senderId !== body.beneficiaryId, 'sameParty'),
      ['beneficiaryId'],
    ),
  );
}

export type ContractCreate = v.InferOutput<ReturnType<typeof contractCreateSchema>>;

/** The fields a refusal names, each with the first problem found there (the message's key). */
export function contractCreateProblems(body: unknown, today: string): Partial<Record<keyof ContractCreate, CreateProblem>> {
  const result = v.safeParse(contractCreateSchema(today), body);
  if (result.success) return {};
  const problems: Partial<Record<keyof ContractCreate, CreateProblem>> = {};
  for (const issue of result.issues) {
    const field = issue.path?.[0]?.key as keyof ContractCreate | undefined;
    const key = ((CREATE_PROBLEMS as readonly string[]).includes(issue.message) ? issue.message : 'counterpartyRequired') as CreateProblem;
    if (field && !problems[field]) problems[field] = key;
  }
  return problems;
}

/** Obligations as typed: one a line, blank lines left out. */
export const obligationsOf = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** A typed share as the service wants it: trimmed, a decimal comma read as the point ("12,5" → "12.5"). */
export const percentageOf = (text: string): string => normalizeAmount(text);

/** Who pays: the creator (PAY) or the other party (RECEIVE); the other side receives. */
export type CreateDirection = 'PAY' | 'RECEIVE';

/**
 * The form's values (text) as the PUT /contract body: the creator's and the other party's ids put
 * as sender and beneficiary by the direction, each side's signer and obligations likewise ("own"
 * fields are the creator's side, "other" the counterparty's), the share and the note cleaned.
 */
export function toContractCreate(values: FormValues, parties: { own: number; other: number | null; companyId: number | null }): Record<string, unknown> {
  const pays = values.direction !== 'RECEIVE';
  const side = (own: boolean) => ({
    id: own ? parties.own : parties.other,
    signer: own ? (values.ownSigner ?? '') : (values.otherSigner ?? ''),
    obligations: obligationsOf(own ? (values.ownObligations ?? '') : (values.otherObligations ?? '')),
  });
  const sender = side(pays);
  const beneficiary = side(!pays);
  const note = (values.note ?? '').trim();
  return {
    companyId: parties.companyId,
    senderId: sender.id,
    senderSignerName: sender.signer,
    senderObligations: sender.obligations,
    beneficiaryId: beneficiary.id,
    beneficiarySignerName: beneficiary.signer,
    beneficiaryObligations: beneficiary.obligations,
    activeFrom: (values.activeFrom ?? '').trim(),
    percentage: percentageOf(values.percentage ?? ''),
    ...(note ? { note } : {}),
  };
}
