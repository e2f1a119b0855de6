import { createContext, useContext } from 'react';
import type { AnalyticsConsentActor } from './consent';

/**
 * The analytics consent actor (issue 61), or null where the environment collects nothing (no
 * collector: no banner and no "Analytics choices" in the footer). src/app provides it; stories give their own.
 */
export const AnalyticsConsentContext = createContext<AnalyticsConsentActor | null>(null);
AnalyticsConsentContext.displayName = 'AnalyticsConsentContext';
export const useAnalyticsConsent = (): AnalyticsConsentActor | null => useContext(AnalyticsConsentContext);
