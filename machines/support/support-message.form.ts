import { msg } from '@lingui/core/macro';
import type { FormErrors } from '../shared/form.machine';
import type { UiMessage } from '../shared/ui-message';
import { fieldProblems, type FieldProblem, type FileProblem, type TicketFieldRule } from './support-message.rules';

/** A field's problem in the form's words (support-message.rules.ts fieldProblem). */
export function fieldProblemMessage(problem: FieldProblem, field: TicketFieldRule): UiMessage {
  const max = field.maxLength;
  switch (problem) {
    case 'required':
      return { descriptor: msg`Fill this in.` };
    case 'tooLong':
      return { descriptor: msg`Use at most ${max} characters.` };
    case 'notAllowed':
      return { descriptor: msg`Choose one of the options.` };
    case 'email':
      return { descriptor: msg`Enter a valid e-mail address.` };
    case 'phone':
      return { descriptor: msg`Enter a phone number of 7 to 20 digits, with + for the country code.` };
  }
}

/** The fields' problems as the form's errors, by apiName. */
export function fieldErrors(fields: readonly TicketFieldRule[], values: Readonly<Record<string, string>>): FormErrors {
  const errors: FormErrors = {};
  for (const [apiName, problem] of Object.entries(fieldProblems(fields, values))) {
    const field = fields.find((one) => one.apiName === apiName)!;
    errors[apiName] = fieldProblemMessage(problem, field);
  }
  return errors;
}

/** A refused file in the form's words (support-message.rules.ts fileProblem), naming it. */
export function fileProblemMessage(problem: FileProblem | 'overCount', name: string, limits: { maxCount: number; maxSize: number }): UiMessage {
  const megabytes = Math.floor(limits.maxSize / (1024 * 1024));
  const count = limits.maxCount;
  switch (problem) {
    case 'empty':
      return { descriptor: msg`${name} is empty.` };
    case 'tooLarge':
      return { descriptor: msg`${name} is larger than ${megabytes} MB.` };
    case 'wrongType':
      return { descriptor: msg`${name} is not a PDF, JPEG, PNG or text file.` };
    case 'duplicate':
      return { descriptor: msg`${name} is attached already.` };
    case 'overCount':
      return { descriptor: msg`${name} was not added: too many files (the limit is ${count}).` };
  }
}

export const supportMessageMessages = {
  uploadFailed: msg`A file could not be uploaded, so nothing was sent. Your message is kept: send it again.`,
};
