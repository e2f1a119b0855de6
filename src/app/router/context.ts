import type { MerchantFacts } from '@machines/merchant/merchant.rules';
import type { Language } from '@/shared/config';
import type { Account } from '@/entities/account';

/**
 * What route guards and loaders can ask (the router's context). src/app creates it once from the
 * app's actors; Storybook and tests give fakes.
 */
export interface RouterContext {
  /** The login feature, loaded on demand (it is not in the first chunk) and wired to the app. */
  login: { load: () => Promise<typeof import('@/features/login')> };
  /** What the brand allows (002 s1). */
  brand: {
    registration: () => boolean;
    /** Smart contracts (000 s1: brand 1 only; features.contracts): elsewhere their routes are the 404 page. */
    contracts: () => boolean;
  };
  language: {
    /** The brand's languages (default first). */
    offered: () => readonly Language[];
    /** The user chose a language (`?lang=`): handled exactly as a choice in the language switch (stored). */
    choose: (language: Language) => void;
  };
  session: {
    /** True once a session exists (the session statechart provides this). */
    isAuthenticated: () => boolean;
    /** Waits until the session has a usable token (true) or is signed out/expired (false). */
    settled: () => Promise<boolean>;
    /** Customer or access info says identity verification is needed (spec 000 s2: /kyc is forced). */
    needsKyc: () => boolean;
    /** Who acts in the merchant area and at which level (issue 55: the /merchant guard). */
    merchantFacts: () => MerchantFacts;
    /**
     * fromCustomerId chose a customer: signed in, their access info is asked first and the API acts
     * for them only when answered (else the user is told, and nothing changes); not yet signed in,
     * it is kept for the session to check after sign-in. Resolves once decided.
     */
    actFor: (customerId: number) => Promise<void>;
  };
  /** The customer's accounts from the signed-in pages' cache (the cards guards decide with them). */
  accounts: { list: () => Promise<readonly Account[]> };
}
