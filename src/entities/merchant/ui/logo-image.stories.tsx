import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, waitFor, within } from 'storybook/test';
import { ApiError } from '@/shared/api';
import { withAppServices } from '../../../../.storybook/decorators';
import { downFetch, pendingFetch, withFetch } from '../../../../.storybook/fake-fetch';
import { logoImagesSeed } from '../../../../.storybook/merchant-fixtures';
import { merchantKeys } from '../api/merchant';
import { LogoImage } from './logo-image';

/**
 * A business logo's image (issue 55), read as a blob through the documents service: seeded in the
 * query cache as a real PNG (shown), read from a service that never answers (the same-sized box,
 * busy), or failed (the box, its name saying the image could not be loaded).
 */
const LOGO = { file: '/files/logo-roastery', name: 'Roastery mark' };

const meta: Meta<typeof LogoImage> = {
  title: 'Entities/Logo image',
  component: LogoImage,
  decorators: [withAppServices],
  parameters: { layout: 'padded' },
  args: { logo: LOGO, size: 64 },
};
export default meta;
type Story = StoryObj<typeof LogoImage>;

/** The image read: an <img> named by the logo, at the size asked for. */
export const Loaded: Story = {
  parameters: { queryData: logoImagesSeed([LOGO]) },
  play: async ({ canvasElement }) => {
    const image = await within(canvasElement).findByRole('img', { name: 'Roastery mark' });
    await expect(image.tagName).toBe('IMG');
    await expect(image).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    await expect(image).not.toHaveAttribute('aria-busy');
    await waitFor(() => expect(image.getBoundingClientRect().width).toBe(64));
  },
};

/** While the image is read: a box of the same size holds its place, named by the logo and busy. */
export const Loading: Story = {
  beforeEach: withFetch(pendingFetch),
  play: async ({ canvasElement }) => {
    const box = await within(canvasElement).findByRole('img', { name: 'Roastery mark' });
    await expect(box.tagName).not.toBe('IMG');
    await expect(box).toHaveAttribute('aria-busy', 'true');
    await expect(box.getBoundingClientRect().width).toBe(64);
    await expect(box.getBoundingClientRect().height).toBe(64);
  },
};

/** The image could not be read: the box stays, its name says so, nothing busy. */
export const Failed: Story = {
  // Failed already, and read again on mounting (a failed read is retried on mount): the service is down.
  parameters: { queryErrors: [[merchantKeys.logoImage(LOGO.file), new ApiError({ kind: 'serverUnavailable', status: 500 })]] },
  beforeEach: withFetch(downFetch),
  play: async ({ canvasElement }) => {
    const box = await within(canvasElement).findByRole('img', { name: 'Roastery mark (the image could not be loaded)' }, { timeout: 5000 });
    await expect(box.tagName).not.toBe('IMG');
    await waitFor(() => expect(box).not.toHaveAttribute('aria-busy'));
    await expect(box.getBoundingClientRect().width).toBe(64);
  },
};
