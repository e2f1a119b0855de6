import type { ComponentProps } from 'react';
import { onDemand } from '@/shared/lib';
import { Preloader } from '@/shared/ui';
import type { GlobalPayFixes as FixesView } from './global-pay-fixes';
import type { GlobalPayTable as TableView } from './global-pay-table';

/**
 * The two virtualised lists of global pay (a draft's payments, a file's lines to fix) with the
 * virtualiser they need (@tanstack/react-virtual), kept off the page's own load.
 * They arrive when first shown, with a progress indicator meanwhile.
 */
const Table = onDemand(() => import(/* webpackChunkName: "global-pay-table" */ './global-pay-table').then((m) => m.GlobalPayTable), <Preloader />);
const Fixes = onDemand(() => import(/* webpackChunkName: "global-pay-fixes" */ './global-pay-fixes').then((m) => m.GlobalPayFixes), <Preloader />);

export const GlobalPayTable: (props: ComponentProps<typeof TableView>) => React.ReactNode = Table.Lazy;
export const GlobalPayFixes: (props: ComponentProps<typeof FixesView>) => React.ReactNode = Fixes.Lazy;
