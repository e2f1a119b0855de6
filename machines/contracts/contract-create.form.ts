import { msg } from '@lingui/core/macro';
import type { FormErrors, FormValues } from '../shared/form.machine';
import { contractCreateProblems, toContractCreate, type ContractCreate, type CreateProblem } from './contract-create.rules';

/** The create form's words for each problem of the payload (contract-create.rules.ts). */
export const contractCreateMessages: Record<CreateProblem, ReturnType<typeof msg>> = {
  companyRequired: msg`Choose the company the contract is for.`,
  counterpartyRequired: msg`Find the other party by their e-mail.`,
  sameParty: msg`The payer and the beneficiary must be different customers.`,
  signerRequired: msg`Enter the name of the person who signs.`,
  signerTooLong: msg`Use at most 256 characters.`,
  obligationsRequired: msg`Enter at least one obligation, one a line.`,
  obligationTooLong: msg`Keep each obligation to 500 characters at most.`,
  obligationsTooMany: msg`List at most 20 obligations.`,
  percentageWrong: msg`Enter a share above 0 and up to 100, with at most two decimals.`,
  activeFromRequired: msg`Choose the day the contract starts.`,
  activeFromPast: msg`The contract cannot start before today.`,
  noteTooLong: msg`Use at most 1000 characters.`,
};

/** The payload's problems as the form's fields (the creator's and the other party's sides by the direction). */
export function contractCreateErrors(values: FormValues, parties: { own: number; other: number | null; companyId: number | null }, today: string): FormErrors {
  const problems = contractCreateProblems(toContractCreate(values, parties), today);
  const pays = values.direction !== 'RECEIVE';
  const FIELD: Record<keyof ContractCreate, string> = {
    companyId: 'companyId',
    senderId: 'counterparty',
    beneficiaryId: 'counterparty',
    senderSignerName: pays ? 'ownSigner' : 'otherSigner',
    beneficiarySignerName: pays ? 'otherSigner' : 'ownSigner',
    senderObligations: pays ? 'ownObligations' : 'otherObligations',
    beneficiaryObligations: pays ? 'otherObligations' : 'ownObligations',
    activeFrom: 'activeFrom',
    percentage: 'percentage',
    note: 'note',
  };
  const errors: FormErrors = {};
  for (const [field, key] of Object.entries(problems) as [keyof ContractCreate, CreateProblem][]) {
    const name = FIELD[field];
    if (!errors[name]) errors[name] = { descriptor: contractCreateMessages[key] };
  }
  return errors;
}
