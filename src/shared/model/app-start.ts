import { useSelector } from '@xstate/react';
import { actorContext } from './actor-context';
import type { ActorRefFrom } from 'xstate';
import type { appStartMachine } from '@machines/app/app-start.machine';

/** The app's start-up actor, provided once by src/app; features read and send through it. */
export type AppStartActor = ActorRefFrom<typeof appStartMachine>;

export const [AppStartContext, useAppStartActor] = actorContext<AppStartActor>('AppStartContext');

/**
 * A currency's name in the interface language: the dictionaries' name when they are loaded, else
 * the browser's (Intl), else the code itself (crypto codes Intl does not know).
 */
export function useCurrencyName(): (code: string) => string {
  const actor = useAppStartActor();
  const currencies = useSelector(actor, (s) => s.context.dictionaries?.currencies ?? null);
  const language = useSelector(actor, (s) => s.context.language);
  return (code: string) => {
    const known = currencies?.find((c) => c.code === code)?.name;
    if (known) return known;
    try {
      const name = new Intl.DisplayNames([language], { type: 'currency', fallback: 'none' }).of(code);
      return name ?? code;
    } catch {
      return code;
    }
  };
}

/** The countries of the dictionaries in the interface language (empty until they are loaded). */
export function useCountries(): readonly { code: string; name: string }[] {
  return useSelector(useAppStartActor(), (s) => s.context.dictionaries?.countries ?? EMPTY);
}
const EMPTY: readonly { code: string; name: string }[] = [];

/** The currencies of the start-up's dictionaries (code and name), in the interface language. */
export function useCurrencies(): readonly { code: string; name: string }[] {
  return useSelector(useAppStartActor(), (s) => s.context.dictionaries?.currencies ?? NO_CURRENCIES);
}
const NO_CURRENCIES: readonly { code: string; name: string }[] = [];
