import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { countryToPreselect } from '@machines/shared/country-preselect.logic';
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
 * A country field preselected from ipInfo (the shared, long-cached query) when the answer arrives,
 * by `countryToPreselect`: never waited for (the form is there at once), only while the field is
 * empty and the customer has not set it (a field that had a value counts as touched), never from
 * a VPN, proxy, Tor or hosting address; a failed ipInfo changes nothing. At most once per form.
 * The effect only hands the answer to the form; the value is the form's.
 */
export function useCountryPreselection({ current, offered, apply }: CountryPreselection): void {
  const info = useQuery(ipInfoQuery());
  const touched = useRef(false);
  const done = useRef(false);
  const applyRef = useRef(apply);
  applyRef.current = apply;
  useEffect(() => {
    if (done.current) return;
    if (current.trim() !== '') {
      touched.current = true;
      return;
    }
    const code = countryToPreselect({ info: info.data, current, touched: touched.current, offered });
    if (code === null) return;
    done.current = true;
    applyRef.current(code);
  }, [info.data, current, offered]);
}
