import { createFormMachine } from '../shared/form.machine';
import { blacklistEntryErrors } from './security-lists-messages';

/**
 * The add-to-blacklist popup (spec 001 s2 "add to blacklist"; s5 the e-mail rule; issue 50): the
 * form statechart with the entry's rule (blacklist.rules). Its values: email, blockType, and the
 * e-mails it must refuse before sending, one per line: own (the customer's) and listed (on the list
 * already). Each submit carries its requestId (the same values sent again keep it).
 */
export const blacklistAddFormMachine = createFormMachine('blacklistAddForm', blacklistEntryErrors);
