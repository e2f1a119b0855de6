import { readIdentityFilters } from '@machines/merchant/merchant-checks.rules';
import { IdentityCheckPanel, IdentityHistory } from '@/features/merchant-identity';
import { ReputationLookup } from '@/features/merchant-reputation';
import type { GroupContentProps } from './props';

/** The Security group's pages: identity checks, their history, reputation. */
export function SecurityContent({ page, canManage, search, onSearch }: GroupContentProps) {
  if (page === 'security/verification') return <IdentityCheckPanel canManage={canManage} />;
  if (page === 'security/verification/history') return <IdentityHistory filters={readIdentityFilters(search)} onFilters={onSearch} />;
  return <ReputationLookup />;
}
