import { useLingui } from '@lingui/react/macro';

/**
 * The brand's app-store links as list items (for a footer list or a page's own list). A store
 * the brand leaves empty is not shown (spec 000 s1).
 */
export function StoreLinkItems({ ios, android }: { ios: string | null; android: string | null }) {
  const { t } = useLingui();
  return (
    <>
      {ios ? (
        <li>
          <a href={ios} rel="noopener noreferrer" target="_blank">{t`Download on the App Store`}</a>
        </li>
      ) : null}
      {android ? (
        <li>
          <a href={android} rel="noopener noreferrer" target="_blank">{t`Get it on Google Play`}</a>
        </li>
      ) : null}
    </>
  );
}
