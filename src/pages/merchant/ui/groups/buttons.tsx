import { SavedButtonsPanel } from '@/features/merchant-buttons';
import { BusinessLogosPanel } from '@/features/merchant-logos';
import { PbnSettingsPanel } from '@/features/merchant-settings';
import { insecureHosts } from '@/shared/config';
import type { GroupContentProps } from './props';

/** The payment buttons group's pages: saved buttons, PBN settings, business logos. */
export function ButtonsContent({ page, canManage }: GroupContentProps) {
  if (page === 'buttons/pbn_settings') return <PbnSettingsPanel canManage={canManage} />;
  if (page === 'buttons/business_logos') return <BusinessLogosPanel canManage={canManage} />;
  return <SavedButtonsPanel canManage={canManage} insecureHosts={insecureHosts()} />;
}
