import { useLingui } from '@lingui/react/macro';
import { useSearch } from '@tanstack/react-router';
import { seiAuthorizeService, type OAuthService } from '@/entities/partner-authorization';
import { PartnerConsent } from '@/features/authorize-partner';
import { usePageTitle } from '@/shared/lib';

/** /auth/sei: a partner application asks to connect to the customer's account (OAuth, SEI). */
export function OAuthAuthorizePage({
  service = seiAuthorizeService,
  authorizationId: given,
}: {
  /** The two auth-service calls; Storybook gives fakes. */
  service?: OAuthService;
  /** The authorisation when not read from the address (Storybook). */
  authorizationId?: string;
}) {
  const { t } = useLingui();
  usePageTitle(t`Connect an application`);
  // Non-strict: typed by the registered routes, and the page also renders outside its route (Storybook).
  const fromAddress = useSearch({ strict: false }).authorizationId;
  return <PartnerConsent service={service} authorizationId={given ?? fromAddress} />;
}
