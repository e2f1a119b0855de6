import { useNavigate } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { oauthMachine, type PartnerRequest } from '@machines/auth/oauth.machine';
import type { OAuthService } from '@/entities/partner-authorization';
import { removeStored, storageKeys } from '@/shared/config';
import { inspectOptions } from '@/shared/model';

/**
 * The consent statechart (machines/auth/oauth.machine.ts) with its calls and where it leaves to:
 * the partner's address (allowed), the start page (cancelled without a session) or home. Leaving
 * forgets the stored way back.
 */
export function useConsentActor(service: OAuthService, authorizationId: string | undefined) {
  const navigate = useNavigate();
  const leave = () => removeStored(storageKeys.oauthReturn);
  return useActorRef(
    oauthMachine.provide({
      actors: {
        fetchAuthorizeUrl: fromPromise(() => service.fetchAuthorizeUrl()),
        authorize: fromPromise<string, { authorizationId: string }>(({ input }) => service.authorize(input.authorizationId)),
        fetchPartner: fromPromise<PartnerRequest, { authorizationId: string }>(({ input }) => service.fetchPartner(input.authorizationId)),
      },
      actions: {
        redirect: (_, { url }) => {
          leave();
          location.assign(url);
        },
        goRoot: () => {
          leave();
          void navigate({ to: '/', replace: true });
        },
        goHome: () => {
          leave();
          void navigate({ to: '/home', replace: true });
        },
      },
    }),
    { input: { authorizationId: authorizationId ?? null }, ...inspectOptions() },
  );
}
