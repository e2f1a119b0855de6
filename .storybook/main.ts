import type { StorybookConfig } from 'storybook-react-rsbuild';

/**
 * Storybook for designers and developers: every component of src/ in every brand and
 * language (toolbars), and the "Machines" section that draws each statechart from its
 * own definition. Built statically and tested by @storybook/test-runner (play functions
 * plus axe: any WCAG 2.2 AA violation fails the run).
 */
const config: StorybookConfig = {
  stories: ['../src/**/*.stories.@(ts|tsx)', './machines.stories.tsx'],
  addons: ['@storybook/addon-a11y'],
  framework: {
    name: 'storybook-react-rsbuild',
    options: { builder: { rsbuildConfigPath: './rsbuild.config.ts' } },
  },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  typescript: { reactDocgen: false },
};

export default config;
