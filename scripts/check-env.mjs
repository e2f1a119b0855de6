// `npm run build` builds for a named backend, never for the sandbox by accident (issue 47: a plain
// build used to be a sandbox build, which honours `?api=` with any origin and http redirects to
// this machine). PUBLIC_API_ENV must be `production`, `staging-<n>` or `sandbox`; `npm start`, the
// end-to-end build and the bench name `sandbox` themselves.
export const API_ENVIRONMENT_NAME = /^(production|sandbox|staging-\d{1,3})$/;

/** The reason a build may not start, or null. */
export function environmentProblem(value) {
  if (value === undefined || value === '') {
    return 'PUBLIC_API_ENV is not set. Build for a backend: PUBLIC_API_ENV=production npm run build (or staging-<n>; `npm start` builds for the sandbox).';
  }
  return API_ENVIRONMENT_NAME.test(value) ? null : `PUBLIC_API_ENV=${value} is not a backend: use production, staging-<n> or sandbox.`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problem = environmentProblem(process.env.PUBLIC_API_ENV);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
