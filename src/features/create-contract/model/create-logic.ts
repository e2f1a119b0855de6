import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { contractCreateMachine, CREATE_STEPS, type ChosenCompany, type ContractDraft, type Counterparty } from '@machines/contracts/contract-create.machine';
import type { FormErrors } from '@machines/shared/form.machine';
import { contractKeys, createContract, lookUpCustomer, verifyContractPair, type ContractCreateBody } from '@/entities/contract';
import { readStored, removeStored, storageKeys, writeStored } from '@/shared/config';

/** The draft of this tab (`app.contractDraft`), or null: anything that is not one is not read back. */
export function readContractDraft(): ContractDraft | null {
  try {
    const draft = JSON.parse(readStored(storageKeys.contractDraft) ?? 'null') as Partial<ContractDraft> | null;
    if (!draft || !CREATE_STEPS.includes(draft.step as ContractDraft['step']) || typeof draft.values !== 'object' || draft.values === null) return null;
    const values = Object.fromEntries(Object.entries(draft.values).filter(([, value]) => typeof value === 'string')) as Record<string, string>;
    const counterparty = draft.counterparty && typeof draft.counterparty.id === 'number' ? (draft.counterparty as Counterparty) : null;
    const company = draft.company && typeof draft.company.id === 'number' ? (draft.company as ChosenCompany) : null;
    return { step: draft.step as ContractDraft['step'], values, counterparty, company };
  } catch {
    return null;
  }
}
export const clearContractDraft = (): void => removeStored(storageKeys.contractDraft);

/** The payload's params as the form's fields: the creator's side is "own", the other party's "other". */
function fieldsOf(fields: FormErrors, body: ContractCreateBody, ownId: number): FormErrors {
  const side = (id: number) => (id === ownId ? 'own' : 'other');
  const NAME: Record<string, string> = {
    companyId: 'companyId',
    senderId: 'counterparty',
    beneficiaryId: 'counterparty',
    senderSignerName: `${side(body.senderId)}Signer`,
    beneficiarySignerName: `${side(body.beneficiaryId)}Signer`,
    senderObligations: `${side(body.senderId)}Obligations`,
    beneficiaryObligations: `${side(body.beneficiaryId)}Obligations`,
  };
  return Object.fromEntries(Object.entries(fields).map(([param, message]) => [NAME[param] ?? param, message]));
}

/**
 * The create statechart with the contracts service's calls (issue 59): the lookup, the pair's
 * check, PUT /contract once per requestId (a field's refusal put on the form's field of the side it
 * is about), the draft kept for the tab, and the new contract opened (the list and its counts read
 * again, the draft forgotten).
 */
export function createContractLogicFor({ ownId, queryClient, open }: { ownId: number; queryClient: QueryClient; open: (id: number) => void }) {
  return contractCreateMachine.provide({
    actors: {
      lookup: fromPromise<Counterparty, { email: string }>(async ({ input }) => ({ ...(await lookUpCustomer(input.email)), email: input.email.toLowerCase() })),
      verify: fromPromise<boolean, { companyId: number; counterpartyId: number }>(async ({ input }) => verifyContractPair(input.companyId, input.counterpartyId)),
      create: fromPromise<number, { body: Record<string, unknown>; requestId: string }>(async ({ input }) => {
        const body = input.body as ContractCreateBody;
        try {
          return (await createContract(body)).id;
        } catch (error) {
          const failure = error as { fields?: FormErrors };
          throw failure.fields ? { ...failure, fields: fieldsOf(failure.fields, body, ownId) } : error;
        }
      }),
    },
    actions: {
      saveDraft: (_, draft) => writeStored(storageKeys.contractDraft, JSON.stringify(draft)),
      created: (_, { id }) => {
        clearContractDraft();
        for (const queryKey of [contractKeys.lists(), contractKeys.stats()]) void queryClient.invalidateQueries({ queryKey });
        open(id);
      },
    },
  });
}

export type CreateContractLogic = ReturnType<typeof createContractLogicFor>;
