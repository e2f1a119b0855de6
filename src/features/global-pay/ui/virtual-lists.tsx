import type { ComponentProps } from 'react';
import { onDemand } from '@/shared/lib';
import { Preloader } from '@/shared/ui';
import type { GlobalPayFixes as FixesView } from './global-pay-fixes';
import type { GlobalPayTable as TableView } from './global-pay-table';

/**
 * The two virtualised lists of global pay (a draft's payments, a file's lines to fix) with the
 * virtualiser they need (@tanstack/react-virtual): issue 16 keeps them off the page's own load.
 * They arrive when first shown, with a progress indicator meanwhile.
 */
const Table = onDemand(() => import(/* webpackChunkName: "global-pay-table" */ './global-pay-table').then((m) => m.GlobalPayTable), <Preloader />);
const Fixes = onDemand(() => import(/* webpackChunkName: "global-pay-fixes" */ './global-pay-fixes').then((m) => m.GlobalPayFixes), <Preloader />);

export function GlobalPayTable(props: ComponentProps<typeof TableView>) {
  const Loaded = Table.useLoaded();
  return Loaded ? <Loaded {...props} /> : <Table.Lazy {...props} />;
}

export function GlobalPayFixes(props: ComponentProps<typeof FixesView>) {
  const Loaded = Fixes.useLoaded();
  return Loaded ? <Loaded {...props} /> : <Fixes.Lazy {...props} />;
}
