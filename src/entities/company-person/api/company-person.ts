import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormValues } from '@machines/shared/form.machine';
import type { DecisionResult } from '@machines/business/permission-change.machine';
import { positionIdsOf, type PeopleEditor } from '@machines/business/company-access.rules';
import { api, asFormFailure, asUiMessage, isApiError, isTransportFailure, toUiMessage, type MainBody, type MainSchemas } from '@/shared/api';
import { watchCompanyFileChanges } from '@/shared/model';

export type BusinessPerson = MainSchemas['BusinessPerson'];
export type BusinessShareholder = MainSchemas['BusinessShareholder'];
export type BusinessUser = MainSchemas['BusinessUser'];
export type UserAccessEntry = MainSchemas['UserAccessEntry'];
export type PotentialUser = MainSchemas['PotentialUser'];
export type PermissionChange = MainSchemas['PermissionChange'];
export type CompanyEmail = MainSchemas['CompanyEmail'];

/**
 * The company's people, their access and its e-mails (issue 54; main.yaml tags companyPeople and
 * companyEmails): the lists (002 s7 Business lists, Company emails inquiry) as queries under one
 * key, so any change reads them all again; the writes carry their statechart's requestId. The
 * changes of who may do what go through the approval (entities/approval: their submit is there).
 * The reads follow the acting customer (a switch resets them: src/app/model/acting-customer-actor.ts).
 */
export const companyPeopleKeys = {
  all: ['companyPeople'] as const,
  shareholders: () => ['companyPeople', 'shareholders'] as const,
  directors: () => ['companyPeople', 'directors'] as const,
  ultimateOwners: () => ['companyPeople', 'ultimateOwners'] as const,
  users: () => ['companyPeople', 'users'] as const,
  accessRights: () => ['companyPeople', 'accessRights'] as const,
  potentialUsers: () => ['companyPeople', 'potentialUsers'] as const,
  changes: () => ['companyPeople', 'changes'] as const,
  emails: () => ['companyPeople', 'emails'] as const,
};

const quiet = { errorPopup: false };

export const shareholdersQuery = () =>
  queryOptions({ queryKey: companyPeopleKeys.shareholders(), queryFn: async ({ signal }) => (await api().main.call('businessShareholderList', {}, { signal })).shareholders ?? [], meta: quiet });
export const directorsQuery = () =>
  queryOptions({ queryKey: companyPeopleKeys.directors(), queryFn: async ({ signal }) => (await api().main.call('businessDirectorList', {}, { signal })).directors ?? [], meta: quiet });
export const ultimateOwnersQuery = () =>
  queryOptions({ queryKey: companyPeopleKeys.ultimateOwners(), queryFn: async ({ signal }) => (await api().main.call('businessUltimateOwnerList', {}, { signal })).ultimateOwners ?? [], meta: quiet });
export const usersQuery = () => queryOptions({ queryKey: companyPeopleKeys.users(), queryFn: async ({ signal }) => (await api().main.call('businessUserList', {}, { signal })).users ?? [], meta: quiet });
export const accessRightsQuery = () =>
  queryOptions({ queryKey: companyPeopleKeys.accessRights(), queryFn: async ({ signal }) => (await api().main.call('businessAccessRightsList', {}, { signal })).accessRights ?? [], meta: quiet });
export const potentialUsersQuery = () =>
  queryOptions({ queryKey: companyPeopleKeys.potentialUsers(), queryFn: async ({ signal }) => (await api().main.call('businessPotentialUserList', {}, { signal })).potentialUsers ?? [], meta: quiet });
export const permissionChangesQuery = () =>
  queryOptions({ queryKey: companyPeopleKeys.changes(), queryFn: async ({ signal }) => (await api().main.call('businessPermissionChangeList', {}, { signal })).changes ?? [], meta: quiet });
export const companyEmailsQuery = () =>
  queryOptions({ queryKey: companyPeopleKeys.emails(), queryFn: async ({ signal }) => (await api().main.call('companyEmailInquiry', {}, { signal })).emails ?? [], meta: quiet });

const text = (values: FormValues, name: string) => (values[name] ?? '').trim();
const orNull = (value: string) => (value === '' ? null : value);

/** The representative form's values (machines/business/company-access-messages.ts REPRESENTATIVE_FIELDS) as businessRepresentativeAdd's body. */
export function representativeBody(values: FormValues, requestId: string): MainBody<'businessRepresentativeAdd'> {
  const kind = values.kind === 'company' ? 'company' : 'person';
  const roles = { director: values.director === 'true', shareholder: kind === 'company' || values.shareholder === 'true', ultimateOwner: values.ultimateOwner === 'true' };
  const person = kind === 'person';
  return {
    kind,
    firstName: person ? text(values, 'firstName') : null,
    lastName: person ? text(values, 'lastName') : null,
    companyName: person ? null : text(values, 'companyName'),
    birthday: person ? orNull(text(values, 'birthday')) : null,
    email: person ? orNull(text(values, 'email')) : null,
    phone: person ? orNull(text(values, 'phone')) : null,
    positionIds: positionIdsOf(roles, kind),
    share: roles.shareholder ? text(values, 'share').replace(',', '.') : null,
    requestId,
  };
}

/** businessRepresentativeAdd, once per requestId: the new representative's id. A refusal is a FormFailure (the service's words by field). */
export const addRepresentative = (values: FormValues, requestId: string) =>
  asFormFailure(async () => {
    const reply = await api().main.call('businessRepresentativeAdd', representativeBody(values, requestId));
    if (reply.representativeId === undefined) throw new Error('businessRepresentativeAdd: no representativeId in the reply');
    return reply.representativeId;
  });

/** businessRepresentativeDelete (forced for admins), once per requestId. */
export const deleteRepresentative = (input: { representativeId: number; force: boolean; requestId: string }) =>
  asUiMessage(async () => void (await api().main.call('businessRepresentativeDelete', input.force ? input : { representativeId: input.representativeId, requestId: input.requestId })));

/**
 * businessPermissionChangeDecide, once per requestId. A refusal of a change that can no longer be
 * decided (expired, changed meanwhile: 409, no user would keep full access) reads the changes again
 * and answers its status with the service's reason; a failure whose outcome is not known (the
 * network, a 500) throws a UiMessage, and the same decision may be sent again.
 */
export async function decidePermissionChange(input: { changeId: number; decision: 'approve' | 'decline'; requestId: string }): Promise<DecisionResult> {
  try {
    const reply = await api().main.call('businessPermissionChangeDecide', input);
    return { status: reply.change?.status ?? 'applied', failureReason: reply.change?.failureReason ?? null };
  } catch (error) {
    if (!isApiError(error) || isTransportFailure(error)) throw toUiMessage(error);
    const reason = toUiMessage(error);
    const changes = await api()
      .main.call('businessPermissionChangeList', {})
      .then((reply) => reply.changes ?? [])
      .catch(() => []);
    const change = changes.find((c) => c.id === input.changeId);
    if (!change || change.status === 'awaitingApproval') throw reason;
    return { status: change.status, failureReason: change.failureReason ?? ('text' in reason ? reason.text : null) };
  }
}

/** companyEmailAdd, once per requestId: the new e-mail's id. A refusal is a FormFailure. */
export const addCompanyEmail = (input: { email: string; requestId: string }) =>
  asFormFailure(async () => {
    const reply = await api().main.call('companyEmailAdd', input);
    if (reply.emailId === undefined) throw new Error('companyEmailAdd: no emailId in the reply');
    return reply.emailId;
  });

/** companyEmailConfirm (emailId, confirmationCode). */
export const confirmCompanyEmail = (input: { emailId: number; confirmationCode: string }) => asUiMessage(async () => void (await api().main.call('companyEmailConfirm', input)));

/** companyEmailConfirmRequest (emailId): a new code. */
export const resendCompanyEmailCode = (input: { emailId: number }) => asUiMessage(async () => void (await api().main.call('companyEmailConfirmRequest', input)));

/** companyEmailDelete, once per requestId. */
export const deleteCompanyEmail = (input: { emailId: number; requestId: string }) => asUiMessage(async () => void (await api().main.call('companyEmailDelete', input)));

/** While mounted, the company's lists read again when the realtime channel says the company changed. */
export function useCompanyPeopleNews(): void {
  const queryClient = useQueryClient();
  useEffect(() => watchCompanyFileChanges(() => void queryClient.invalidateQueries({ queryKey: companyPeopleKeys.all })), [queryClient]);
}

/**
 * The signed-in user as the company's rules see them (PeopleEditor): their own row of the user list
 * (`isYou`) and its access right from the access rights list. The session's access info names no
 * access right of its own (its maps are by area), so these two reads decide; null until both are
 * read (nothing is offered meanwhile), or when the user is not among the company's users.
 */
export function editorOf(users: readonly BusinessUser[] | undefined, rights: readonly UserAccessEntry[] | undefined): PeopleEditor | null {
  const me = users?.find((user) => user.isYou);
  const mine = me ? rights?.find((entry) => entry.userId === me.userId) : undefined;
  return me && mine ? { userId: me.userId, isAdmin: false, accessRights: mine.accessRights } : null;
}

/** The signed-in user as an editor of the company's people and e-mails (editorOf over the two reads). */
export function useCompanyEditor(enabled = true): PeopleEditor | null {
  const users = useQuery({ ...usersQuery(), enabled });
  const rights = useQuery({ ...accessRightsQuery(), enabled });
  return editorOf(users.data, rights.data);
}
