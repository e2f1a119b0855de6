import { IpnSettingsPanel } from '@/features/merchant-settings';
import { IpnHistory } from '../ipn-history';
import type { GroupContentProps } from './props';

/** The instant payment notifications group's pages: the history, the settings. */
export function IpnContent({ page, canManage }: GroupContentProps) {
  if (page === 'ipn/history') return <IpnHistory canManage={canManage} />;
  return <IpnSettingsPanel canManage={canManage} />;
}
