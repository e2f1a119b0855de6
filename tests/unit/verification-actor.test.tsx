import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import type { InspectionEvent } from 'xstate';

/**
 * One verification statechart for the signed-in app however many components read it and however
 * often a render that suspends is thrown away (issue 45: 125 `verificationStatus` actors on the
 * 10,000-row batch page). Actors are counted the way the inspector counts them: its
 * `@xstate.actor` events.
 */
const created: string[] = [];
vi.mock('@/shared/model/create-actor', async (original) => ({
  ...(await original<typeof import('@/shared/model/create-actor')>()),
  inspectOptions: () => ({
    inspect: (event: InspectionEvent) => {
      if (event.type === '@xstate.actor') created.push(String((event.actorRef as { logic?: { id?: string } }).logic?.id ?? ''));
    },
  }),
}));

const { VerificationProvider, endOwnVerification, ownVerificationActor, useOptionalVerificationActor } = await import('@/entities/verification');

/** A page that suspends `times` times before it renders its rows (a lazy chunk, data on the way). */
function suspender(times: number) {
  let left = times;
  let pending: Promise<void> | null = null;
  return function Page({ rows }: { rows: number }) {
    if (left > 0) {
      pending ??= new Promise<void>((resolve) =>
        setTimeout(() => {
          left -= 1;
          pending = null;
          resolve();
        }, 0),
      );
      throw pending;
    }
    return (
      <ul>
        {Array.from({ length: rows }, (_, i) => (
          <Row key={i} />
        ))}
      </ul>
    );
  };
}

/** A row that reads the verification statechart (as a banner or a status cell does). */
function Row() {
  const actor = useOptionalVerificationActor();
  return <li>{actor ? 'read' : 'none'}</li>;
}

afterEach(() => {
  endOwnVerification();
  created.length = 0;
});

describe('the verification statechart of the signed-in app', () => {
  it('is made once, though the page under it suspends twenty times before 2,000 rows read it', async () => {
    const Page = suspender(20);
    render(
      <Suspense fallback={<p>loading</p>}>
        <VerificationProvider>
          <Page rows={2_000} />
        </VerificationProvider>
      </Suspense>,
    );
    for (let i = 0; i < 25; i += 1) await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.getAllByText('read')).toHaveLength(2_000);
    expect(created.filter((id) => id === 'verificationStatus')).toEqual(['verificationStatus']);
    expect(ownVerificationActor().getSnapshot().status).toBe('active');
  });

  it('mounted again, it is the same statechart; after the session ends, a new one', async () => {
    const first = render(<VerificationProvider>{null}</VerificationProvider>);
    const actor = ownVerificationActor();
    first.unmount();
    render(<VerificationProvider>{null}</VerificationProvider>);
    expect(ownVerificationActor()).toBe(actor);
    endOwnVerification();
    expect(actor.getSnapshot().status).toBe('stopped');
    expect(ownVerificationActor()).not.toBe(actor);
    expect(created.filter((id) => id === 'verificationStatus')).toHaveLength(2);
  });
});
