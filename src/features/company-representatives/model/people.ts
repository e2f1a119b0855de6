import { representativeActions, rolesOf, type RepresentativeDocument, type Role } from '@machines/business/company-access.rules';
import type { BusinessPerson, BusinessShareholder, BusinessUser } from '@/entities/company-person';

/** A person of one of the company's lists (002 s7 Business lists): a director or an ultimate owner, or a shareholder (a person or a company). */
export type Representative = BusinessPerson | BusinessShareholder;

/** A row that carries a shareholder's share and kind (the shareholders list's). */
export const isShareholderRow = (person: Representative): person is BusinessShareholder => 'share' in person && 'kind' in person;

/** A company that holds shares (a director or an ultimate owner is always a person). */
export const isCompany = (person: Representative): boolean => isShareholderRow(person) && person.kind === 'company';

/** How a list names them: first and last name, or the company's name (empty when the service gave none). */
export const representativeName = (person: Representative): string =>
  isShareholderRow(person) && person.kind === 'company' ? (person.companyName ?? '').trim() : [person.firstName, person.lastName].map((part) => (part ?? '').trim()).filter(Boolean).join(' ');

export const userName = (user: Pick<BusinessUser, 'firstName' | 'lastName'>): string => [user.firstName, user.lastName].map((part) => part.trim()).filter(Boolean).join(' ');

/** Their roles from their position ids (002 s6): the same badges in every list they are in. */
export const rolesOfRepresentative = (person: Representative): Role[] => rolesOf(person.positionIds ?? [], person.userId !== null && person.userId !== undefined);

/** 002 s4: which of their document sets need action (address, identity, control). */
export const actionsOf = (person: Representative): RepresentativeDocument[] =>
  representativeActions({
    addressDocumentStatus: person.addressDocumentStatus ?? null,
    identityDocumentStatus: person.identityDocumentStatus ?? null,
    controlDocumentStatus: person.controlDocumentStatus ?? null,
  });

/** Every document on their record (the address's proofs are among them). */
export const documentCount = (person: Representative): number => person.documents?.length ?? 0;

/** Whether they sign in as a user of the company. */
export const isUserRepresentative = (person: Representative): boolean => person.userId !== null && person.userId !== undefined;
