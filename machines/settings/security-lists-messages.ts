import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { FormErrors, FormValues } from '../shared/form.machine';
import { blacklistEntryProblems, type BlacklistProblem } from './blacklist.rules';
import { ipEntryProblems, type IpProblem } from './ip-rules';

/**
 * What the allowed IP list and the payout blacklist say to the user (issue 50; lingui descriptors
 * the UI translates), and their forms' rules in words. The rules are ./ip-rules.ts and
 * ./blacklist.rules.ts.
 */
export const securityListMessages = {
  ipRequired: msg`Enter an IP address.`,
  ipFormat: msg`Enter an IPv4 address (such as 203.0.113.7) or an IPv6 address (such as 2001:db8::1).`,
  toIpFormat: msg`Enter the last address of the range as an IPv4 or IPv6 address, or leave it empty.`,
  toIpFamily: msg`The range must start and end in the same IP version.`,
  toIpOrder: msg`The range must not end before it starts.`,
  emailRequired: msg`Enter an e-mail address.`,
  emailFormat: msg`Enter a valid e-mail address.`,
  emailOwn: msg`You cannot block your own e-mail address.`,
  emailListed: msg`This e-mail is on the black list already.`,
  blockTypeRequired: msg`Choose what to block.`,
};

const IP_TEXTS: Record<'ip' | 'toIp', Partial<Record<IpProblem, MessageDescriptor>>> = {
  ip: { required: securityListMessages.ipRequired, format: securityListMessages.ipFormat },
  toIp: { format: securityListMessages.toIpFormat, family: securityListMessages.toIpFamily, order: securityListMessages.toIpOrder },
};

/** The add-IP-to-whitelist popup's errors by field (ipEntryProblems in words). */
export function ipEntryErrors(values: FormValues): FormErrors {
  const errors: FormErrors = {};
  for (const [field, problem] of Object.entries(ipEntryProblems({ ip: values.ip ?? '', toIp: values.toIp ?? '' })) as ['ip' | 'toIp', IpProblem][]) {
    const descriptor = IP_TEXTS[field][problem];
    if (descriptor) errors[field] = { descriptor };
  }
  return errors;
}

const BLACKLIST_TEXTS: Record<'email' | 'blockType', Partial<Record<BlacklistProblem, MessageDescriptor>>> = {
  email: { required: securityListMessages.emailRequired, format: securityListMessages.emailFormat, own: securityListMessages.emailOwn, listed: securityListMessages.emailListed },
  blockType: { blockType: securityListMessages.blockTypeRequired },
};

/** The known e-mails a blacklist form checks against travel in its values as lines (`own`, `listed`). */
export const linesOf = (text: string | undefined): string[] => (text ?? '').split('\n').filter((line) => line.trim() !== '');

/**
 * The add-to-blacklist popup's errors by field (blacklistEntryProblems in words). The customer's
 * own e-mails and those listed already come with the form's values, one per line (`own`,
 * `listed`), so the statechart stays one drawable machine.
 */
export function blacklistEntryErrors(values: FormValues): FormErrors {
  const errors: FormErrors = {};
  const problems = blacklistEntryProblems({ email: values.email ?? '', blockType: values.blockType ?? '' }, { own: linesOf(values.own), listed: linesOf(values.listed) });
  for (const [field, problem] of Object.entries(problems) as ['email' | 'blockType', BlacklistProblem][]) {
    const descriptor = BLACKLIST_TEXTS[field][problem];
    if (descriptor) errors[field] = { descriptor };
  }
  return errors;
}
