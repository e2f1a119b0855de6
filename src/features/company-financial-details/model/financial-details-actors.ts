import { fromPromise } from 'xstate';
import { answersOf, questionsOf } from '@machines/company/company-file-messages';
import { dueDiligenceFormMachine, financialDetailFormMachine } from '@machines/company/company-file-forms';
import { keptAnswers } from '@machines/registration/registration.rules';
import { linesOf } from '@machines/settings/security-lists-messages';
import type { FormErrors, FormFailure, FormValues } from '@machines/shared/form.machine';
import { updateDueDiligence, updateFinancialDetail, type FinancialDetail } from '@/entities/company-file';

/** The financial details as the form's values: the lists one id per line, the choices as they are; none yet is an empty form. */
export function financialDetailValues(detail: FinancialDetail | null | undefined): FormValues {
  return {
    sourcesOfFunds: (detail?.sourcesOfFunds ?? []).join('\n'),
    purposesOfAccount: (detail?.purposesOfAccount ?? []).join('\n'),
    estimatedMonthlyDeposit: detail?.estimatedMonthlyDeposit ?? '',
    currencies: (detail?.currencies ?? []).join('\n'),
    industry: detail?.industry ?? '',
  };
}

/** The form's values as financialDetailUpdate's fields. */
export const financialDetailFields = (values: FormValues) => ({
  sourcesOfFunds: linesOf(values.sourcesOfFunds),
  purposesOfAccount: linesOf(values.purposesOfAccount),
  estimatedMonthlyDeposit: (values.estimatedMonthlyDeposit ?? '').trim(),
  currencies: linesOf(values.currencies),
  industry: (values.industry ?? '').trim(),
});

/** The financial details' form statechart with its call (financialDetailUpdate with the submit's requestId); it ends with the company as changed. */
export const financialDetailFormLogic = financialDetailFormMachine.provide({
  actors: {
    submit: fromPromise(({ input }) => updateFinancialDetail({ ...financialDetailFields(input.values), requestId: input.requestId ?? '' })),
  },
});
export type FinancialDetailFormLogic = typeof financialDetailFormLogic;

/** The answers to send: those of the questions shown for the answers given (a hidden follow-up's answer goes). */
export const answersToSend = (values: FormValues): Record<string, string> => keptAnswers(questionsOf(values), answersOf(values));

/**
 * The service names an answer's problem by its place in the body (`answers.<id>`) or by the
 * question's id: either way it shows at the question.
 */
function atQuestions(failure: unknown): never {
  if (typeof failure !== 'object' || failure === null || !('fields' in failure)) throw failure;
  const refused = failure as FormFailure;
  const fields: FormErrors = {};
  for (const [param, message] of Object.entries(refused.fields ?? {})) fields[param.startsWith('answers.') ? param.slice('answers.'.length) : param] = message;
  throw { ...refused, fields } satisfies FormFailure;
}

/** The due-diligence form statechart with its call (dueDiligenceUpdate with the answers kept and the submit's requestId). */
export const dueDiligenceFormLogic = dueDiligenceFormMachine.provide({
  actors: {
    submit: fromPromise(({ input }) => updateDueDiligence(answersToSend(input.values), input.requestId ?? '').catch(atQuestions)),
  },
});
export type DueDiligenceFormLogic = typeof dueDiligenceFormLogic;
