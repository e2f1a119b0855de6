// Local ports, one place. Everything binds to 127.0.0.1.
export const APP_PORT = Number(process.env.APP_PORT ?? 5173);
export const PREVIEW_PORT = Number(process.env.PREVIEW_PORT ?? 4173);
export const SANDBOX_PORT = Number(process.env.SANDBOX_PORT ?? 8787);
export const E2E_SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT ?? 8788);
export const STORYBOOK_PORT = Number(process.env.STORYBOOK_PORT ?? 6007);
export const HOST = '127.0.0.1';

/** The old web application of the sandbox's customers (hand-off of users not yet authorised; the CSP's form-action allows it). */
export const SANDBOX_OLD_WEB_ORIGIN = 'https://old-web.example';
