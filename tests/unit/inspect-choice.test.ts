import { inspectChoice } from '@/shared/model/create-actor';

/** The statechart inspector, development only, kept for the tab across a full reload (issue 45). */
describe('inspectChoice', () => {
  beforeEach(() => sessionStorage.clear());

  it('?inspect asks for the panel and the choice survives a reload (an address without it)', () => {
    expect(inspectChoice('?inspect')).toBe('panel');
    expect(sessionStorage.getItem('app.inspect')).toBe('panel');
    expect(inspectChoice('')).toBe('panel');
    expect(inspectChoice('?tab=2')).toBe('panel');
  });

  it('?inspect=stately asks for Stately’s inspector; ?inspect=off forgets the choice', () => {
    expect(inspectChoice('?inspect=stately')).toBe('stately');
    expect(inspectChoice('')).toBe('stately');
    expect(inspectChoice('?inspect=off')).toBeNull();
    expect(sessionStorage.getItem('app.inspect')).toBeNull();
    expect(inspectChoice('')).toBeNull();
  });

  it('nothing asked, nothing kept: no inspector; a stored value that is not a choice is ignored', () => {
    expect(inspectChoice('')).toBeNull();
    sessionStorage.setItem('app.inspect', 'everything');
    expect(inspectChoice('')).toBeNull();
  });
});
