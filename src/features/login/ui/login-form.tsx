import { useSelector } from '@xstate/react';
import { loginStep } from '@machines/auth/login.machine';
import { useLoginFlow, type LoginActor } from '../model/login-flow';
import { CodeStep } from './code-step';
import { CredentialsStep } from './credentials-step';
import { LinkStep } from './link-step';
import { MigrationStep } from './migration-step';
import { PushStep } from './push-step';
import { TermsStep } from './terms-step';
import { VerifyDeviceStep } from './verify-device-step';

/**
 * The sign-in screens: the login statechart says which step the user is on (`loginStep`, from
 * its `step:*` tags) and each step is its own view. Views only render what the actor says and
 * send events; when the flow ends with tokens, the session takes over (login-flow.ts).
 */
export function LoginForm({
  actorRef,
}: {
  /** A running login actor to show instead of the shared sign-in (Storybook drives it into each state). */
  actorRef?: LoginActor | undefined;
}) {
  const shared = useLoginFlow();
  const actor = actorRef ?? shared;
  const step = useSelector(actor, loginStep);
  switch (step) {
    case 'link':
      return <LinkStep actor={actor} />;
    case 'terms':
      return <TermsStep actor={actor} />;
    case 'migration':
      return <MigrationStep actor={actor} />;
    case 'otp':
    case 'sms':
      return <CodeStep actor={actor} via={step} />;
    case 'push':
      return <PushStep actor={actor} />;
    case 'verifyDevice':
      return <VerifyDeviceStep actor={actor} />;
    case 'credentials':
      return <CredentialsStep actor={actor} />;
  }
}
