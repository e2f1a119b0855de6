import { environmentProblem } from '../../scripts/check-env.mjs';

/** `npm run build` names its backend (issue 47): a plain build is never a sandbox build by accident. */
describe('the build environment', () => {
  it.each([
    ['production', null],
    ['staging-1', null],
    ['staging-42', null],
    ['sandbox', null],
    [undefined, /not set/],
    ['', /not set/],
    ['prod', /not a backend/],
    ['staging', /not a backend/],
    ['staging-1234', /not a backend/],
    ['https://attacker.example', /not a backend/],
    ['Production', /not a backend/],
  ])('%j → %s', (value, problem) => {
    const found = environmentProblem(value);
    if (problem === null) expect(found).toBeNull();
    else expect(found).toMatch(problem);
  });
});
