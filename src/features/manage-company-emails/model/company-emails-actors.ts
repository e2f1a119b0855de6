import { fromPromise } from 'xstate';
import { companyEmailsMachine } from '@machines/business/company-emails.machine';
import { approvalLogic } from '@/entities/approval';
import { addCompanyEmail, confirmCompanyEmail, deleteCompanyEmail, resendCompanyEmailCode } from '@/entities/company-person';

/**
 * The company e-mails statechart with the app's calls (issue 54): add, confirm, a new code and
 * delete to the company e-mail calls (each with the statechart's requestId where it has one); a new
 * primary through the approval (another full-access user approves it, or the user's approval mode
 * confirms it). The page provides `changed` and `moneyMoved` (read the lists again).
 */
export const companyEmailsLogic = companyEmailsMachine.provide({
  actors: {
    add: fromPromise(({ input }) => addCompanyEmail(input)),
    confirm: fromPromise(({ input }) => confirmCompanyEmail(input)),
    resend: fromPromise(({ input }) => resendCompanyEmailCode(input)),
    remove: fromPromise(({ input }) => deleteCompanyEmail(input)),
    approval: approvalLogic,
  },
});
export type CompanyEmailsLogic = typeof companyEmailsLogic;
