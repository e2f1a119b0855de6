import Big from 'big.js';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { REPRESENTATIVE_FIELDS } from '@machines/business/company-access-messages';
import { representativeMachine } from '@machines/business/representative.machine';
import { parseShare } from '@machines/registration/registration.rules';
import type { FormValues } from '@machines/shared/form.machine';
import { addRepresentative, deleteRepresentative } from '@/entities/company-person';

/**
 * The representatives' statechart (machines/business/representative.machine.ts) with the app's
 * calls: businessRepresentativeAdd (a refusal is a FormFailure: the service's words by field) and
 * businessRepresentativeDelete (forced for admins), each with the statechart's requestId. The
 * view provides `changed` (the lists are read again).
 */
export const representativeLogic = representativeMachine.provide({
  actors: {
    add: fromPromise(({ input }) => addRepresentative(input.values, input.requestId)),
    remove: fromPromise(({ input }) => deleteRepresentative(input)),
  },
});
export type RepresentativeLogic = typeof representativeLogic;
export type RepresentativeActor = ActorRefFrom<RepresentativeLogic>;

/** A new representative: a person (the first choice), every field empty, no role ticked. */
export const emptyRepresentative: FormValues = { ...Object.fromEntries(REPRESENTATIVE_FIELDS.map((field) => [field, ''])), kind: 'person' };

/** The facts the form's rules need (machines/business/company-access-messages.ts), as form values. */
export interface RepresentativeFactsInput {
  /** The customer's day (YYYY-MM-DD): the age rule's today. */
  today: string;
  /** The company's shareholders' shares as the list gives them (text). */
  shares: readonly string[];
  /** The e-mails the company's people and users have (empty ones left out). */
  emails: readonly (string | null | undefined)[];
}

/**
 * `@today`, `@otherShares` (the shares the shareholders hold together, summed exactly with big.js;
 * one that is not a number counts as none) and `@emails` (one a line, each once whatever its case).
 */
export function representativeFacts({ today, shares, emails }: RepresentativeFactsInput): FormValues {
  const total = shares.reduce((sum, share) => sum.plus(parseShare(share) ?? Big(0)), Big(0));
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const email of emails) {
    const text = (email ?? '').trim();
    if (!text || seen.has(text.toLowerCase())) continue;
    seen.add(text.toLowerCase());
    lines.push(text);
  }
  return { '@today': today, '@otherShares': total.toString(), '@emails': lines.join('\n') };
}

