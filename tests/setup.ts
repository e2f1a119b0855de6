import { i18n } from '@lingui/core';

// Tests render with the English catalog unless a test activates another language.
if (!i18n.locale) i18n.loadAndActivate({ locale: 'en', messages: {} });
