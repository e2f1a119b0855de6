/**
 * The payout blacklist (001 s3 Blacklist user: email, blockType; s5 the e-mail rule; s7 list, add,
 * delete; s8 the success sentence; issue 50) as pure rules shared by the popup, the p2p forms and
 * the sandbox. The spec names blockType, not its values; decided (docs/decisions.md): `all` blocks
 * every payout to the e-mail, `p2p` single peer-to-peer transfers, `mass` mass peer-to-peer payouts.
 */
export const BLOCK_TYPES = ['all', 'p2p', 'mass'] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

export const isBlockType = (value: unknown): value is BlockType => typeof value === 'string' && (BLOCK_TYPES as readonly string[]).includes(value);

export type BlacklistProblem = 'required' | 'format' | 'own' | 'listed' | 'blockType';

/** 001 s5: longer than 5 characters with "@" and "."; no spaces (one address). */
export const isBlacklistEmail = (text: string): boolean => {
  const email = text.trim();
  return email.length > 5 && email.includes('@') && email.includes('.') && !/\s/.test(email);
};

/**
 * What is wrong with an add-to-blacklist entry, by field: the e-mail is required, an e-mail (s5),
 * not one of the customer's own and not on the list already (both compared without case); the
 * block type one of the three. Empty when right.
 */
export function blacklistEntryProblems(
  entry: { email: string; blockType: string },
  known: { own: readonly string[]; listed: readonly string[] },
): Partial<Record<'email' | 'blockType', BlacklistProblem>> {
  const problems: Partial<Record<'email' | 'blockType', BlacklistProblem>> = {};
  const email = entry.email.trim().toLowerCase();
  if (!email) problems.email = 'required';
  else if (!isBlacklistEmail(email)) problems.email = 'format';
  else if (known.own.some((own) => own.trim().toLowerCase() === email)) problems.email = 'own';
  else if (known.listed.some((listed) => listed.trim().toLowerCase() === email)) problems.email = 'listed';
  if (!isBlockType(entry.blockType)) problems.blockType = 'blockType';
  return problems;
}

/** Whether a block type stops a payout of a kind: `all` stops both, the others their own kind. */
export const blocks = (blockType: BlockType, payout: 'p2p' | 'mass'): boolean => blockType === 'all' || blockType === payout;
