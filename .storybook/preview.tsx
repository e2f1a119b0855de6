import type { Preview, Decorator } from 'storybook-react-rsbuild';
import { useEffect, useRef } from 'react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { brands, brandIds, type BrandId } from '../brands';
import { BrandProvider, applyBrandTheme } from '../src/shared/model';
import { LANGUAGES, LANGUAGE_LABELS, type Language } from '../src/shared/config';
import { messages as en } from '../locales/en/messages';
import { messages as es } from '../locales/es/messages';
import { messages as ro } from '../locales/ro/messages';
import { messages as ru } from '../locales/ru/messages';
import { messages as uk } from '../locales/uk/messages';
import { messages as pt } from '../locales/pt/messages';
import { configure } from 'storybook/test';
import '../src/app/styles/global.css';

// findBy… and waitFor wait up to 5 s, not Testing Library's 1 s: a dialog's or a widget's code loads
// on demand (a chunk fetched, then parsed), which took longer than 1 s on the 2-core CI machine with
// two runners at work (a ResponsePopup story failed there once, stop 82). A missing element still fails.
configure({ asyncUtilTimeout: 5000 });

const catalogs = { en, es, ro, ru, uk, pt } as const;
for (const lang of LANGUAGES) i18n.load(lang, catalogs[lang]);
i18n.activate('en');

/** Applies the chosen brand's tokens to the story root and activates the chosen language. */
const withBrandAndLocale: Decorator = (Story, context) => {
  const brandId = (context.globals.brand as BrandId) ?? 'brand1';
  const locale = (context.globals.locale as Language) ?? 'en';
  const brand = brands[brandId] ?? brands.brand1;
  if (i18n.locale !== locale) i18n.activate(locale);
  const ref = useRef<HTMLDivElement>(null);
  applyBrandTheme(document.documentElement, brand.theme);
  document.documentElement.lang = locale;
  useEffect(() => {
    if (ref.current) applyBrandTheme(ref.current, brand.theme);
  }, [brand]);
  return (
    <I18nProvider i18n={i18n}>
      <BrandProvider brand={brand}>
        <div ref={ref} data-brand={brandId} className="story-root">
          <Story />
        </div>
      </BrandProvider>
    </I18nProvider>
  );
};

const preview: Preview = {
  decorators: [withBrandAndLocale],
  globalTypes: {
    brand: {
      description: 'Brand',
      toolbar: {
        title: 'Brand',
        icon: 'paintbrush',
        items: brandIds.map((id) => ({ value: id, title: brands[id].config.displayName })),
        dynamicTitle: true,
      },
    },
    locale: {
      description: 'Language',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        items: LANGUAGES.map((code) => ({ value: code, title: `${LANGUAGE_LABELS[code].short} ${LANGUAGE_LABELS[code].name}` })),
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { brand: 'brand1', locale: 'en' },
  parameters: {
    layout: 'padded',
    a11y: {
      test: 'error',
      // react-aria's visually hidden live announcer keeps a pending-button announcement that points
      // at the button by id for a few seconds; it is not page content (also excluded in test-runner.ts).
      context: { include: ['body'], exclude: ['[data-live-announcer]'] },
      options: { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    },
    viewport: {
      options: {
        mobile: { name: 'Mobile 375', styles: { width: '375px', height: '740px' } },
        tablet: { name: 'Tablet 768', styles: { width: '768px', height: '1024px' } },
        laptop: { name: 'Laptop 1024', styles: { width: '1024px', height: '768px' } },
        desktop: { name: 'Desktop 1280', styles: { width: '1280px', height: '800px' } },
      },
    },
  },
};

export default preview;
