// @vitest-environment node
import { countryToPreselect, isPrivateAddress, type IpInfo, type PreselectFacts } from '@machines/shared/country-preselect.logic';

/** The country a form preselects from ipInfo: every rule in its order, every flag, every boundary. */
const OFFERED = ['DE', 'PT', 'RO', 'UA'];
const info = (country_code: string | undefined, privacy: IpInfo['privacy'] = { vpn: false, proxy: false, tor: false, hosting: false }): IpInfo => ({ ip: '127.0.0.1', ...(country_code !== undefined ? { country_code } : {}), privacy });
const facts = (over: Partial<PreselectFacts>): PreselectFacts => ({ info: info('RO'), current: '', touched: false, offered: OFFERED, ...over });

describe('countryToPreselect', () => {
  const cases: [string, Partial<PreselectFacts>, string | null][] = [
    ['an empty, untouched field: the address’s country', {}, 'RO'],
    ['touched (even if empty): none', { touched: true }, null],
    ['a value already: none', { current: 'PT' }, null],
    ['only spaces count as empty', { current: '  ' }, 'RO'],
    ['no answer yet: none', { info: undefined }, null],
    ['ipInfo failed: none', { info: null }, null],
    ['a VPN: none', { info: info('DE', { vpn: true }) }, null],
    ['a proxy: none', { info: info('DE', { proxy: true }) }, null],
    ['a Tor exit: none', { info: info('DE', { tor: true }) }, null],
    ['a hosting address: none', { info: info('DE', { hosting: true }) }, null],
    ['no flags at all: the country', { info: { ip: '127.0.0.1', country_code: 'DE' } }, 'DE'],
    ['flags all false: the country', { info: info('UA') }, 'UA'],
    ['no country code: none', { info: info(undefined) }, null],
    ['an empty code: none', { info: info('') }, null],
    ['three letters: none', { info: info('DEU') }, null],
    ['a digit: none', { info: info('D1') }, null],
    ['lower case, spaces around: normalised', { info: info(' pt ') }, 'PT'],
    ['a country the form does not offer: none', { info: info('BR') }, null],
    ['nothing offered yet (the list still loading): none', { offered: [] }, null],
    ['the form’s own spelling of the code', { offered: ['de', 'ro'] }, 'ro'],
  ];
  it.each(cases)('%s', (_, over, expected) => {
    expect(countryToPreselect(facts(over))).toBe(expected);
  });

  it('isPrivateAddress: any flag set', () => {
    expect(isPrivateAddress(info('RO'))).toBe(false);
    expect(isPrivateAddress({ ip: '1.2.3.4' })).toBe(false);
    for (const flag of ['vpn', 'proxy', 'tor', 'hosting'] as const) expect(isPrivateAddress(info('RO', { [flag]: true }))).toBe(true);
  });
});
