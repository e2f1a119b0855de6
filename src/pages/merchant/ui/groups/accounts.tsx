import { SubscribersPanel } from '@/features/merchant-subscribers';
import type { GroupContentProps } from './props';

/** The accounts group's page: subscribers. */
export function AccountsContent({ canManage }: GroupContentProps) {
  return <SubscribersPanel canManage={canManage} />;
}
