import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { countryPreselectMachine } from '@machines/shared/country-preselect.machine';
import { ipInfoQuery } from '../api/security-lists';

export interface CountryPreselection {
  /** The field's value now. */
  current: string;
  /** The codes the field offers (empty while its list loads: nothing is preselected until it is there). */
  offered: readonly string[];
  /** Sets the field (the form's own CHANGE), at most once. */
  apply: (code: string) => void;
}

/**
 * A country field preselected from ipInfo (the shared, long-cached query) when the answer arrives:
 * the country-preselect statechart decides (at most once, never over a value, never from a VPN,
 * proxy, Tor or hosting address; a failed ipInfo changes nothing). The effects only hand it the
 * field and the answer as they change; the value is the form's.
 */
export function useCountryPreselection({ current, offered, apply }: CountryPreselection): void {
  const info = useQuery(ipInfoQuery());
  // The form's setter as it is now (a new function each render is fine: the statechart calls it once).
  const setField = useRef(apply);
  setField.current = apply;
  const actor = useActorRef(countryPreselectMachine.provide({ actions: { apply: (_, { code }) => setField.current(code) } }));
  useEffect(() => actor.send({ type: 'FIELD', value: current, offered }), [actor, current, offered]);
  useEffect(() => {
    if (info.data !== undefined) actor.send({ type: 'INFO', info: info.data });
  }, [actor, info.data]);
}
