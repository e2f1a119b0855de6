import { ANALYTICS_EVENTS, onAnalytics, track, trackAction, type AnalyticsEntry } from '@/shared/analytics';

describe('the analytics module (002 s9)', () => {
  it('an event goes to every listener and to window as app:analytics, with its properties copied', () => {
    const heard: AnalyticsEntry[] = [];
    const onWindow: AnalyticsEntry[] = [];
    const stop = onAnalytics((entry) => heard.push(entry));
    const listener = (event: Event) => onWindow.push((event as CustomEvent<AnalyticsEntry>).detail);
    window.addEventListener('app:analytics', listener);
    const props = { step: 3 };
    const entry = track('Register Business Step', props);
    props.step = 4;
    expect(entry).toMatchObject({ event: 'Register Business Step', props: { step: 3 } });
    expect(heard).toEqual([entry]);
    expect(onWindow).toEqual([entry]);
    stop();
    window.removeEventListener('app:analytics', listener);
    track('Sign Up Complete');
    expect(heard).toHaveLength(1);
    expect(onWindow).toHaveLength(1);
  });

  it.each([
    ['a funnel step with its number', { event: 'Register Personal Step', step: 1 }, [{ event: 'Register Personal Step', props: { step: 1 } }]],
    ['an event without a step', { event: 'Sign Up Complete' }, [{ event: 'Sign Up Complete', props: {} }]],
    ['other params as properties, an undefined one dropped', { event: 'Login failed', reason: 'wrongCode', flow: undefined }, [{ event: 'Login failed', props: { reason: 'wrongCode' } }]],
    ['a name the spec does not list: nothing', { event: 'Register Step' }, []],
  ] as [string, { event: string } & Record<string, string | number | undefined>, unknown[]][])("a statechart's track action: %s", (_name, params, expected) => {
    const heard: AnalyticsEntry[] = [];
    const stop = onAnalytics((entry) => heard.push(entry));
    trackAction(params);
    stop();
    expect(heard.map(({ event, props }) => ({ event, props }))).toEqual(expected);
  });

  it("lists the spec's event names (page views, sign-in and terms, the funnels, the company selector's, tax self-certification's, the support message center's)", () => {
    expect([...ANALYTICS_EVENTS]).toEqual([
      'Page view',
      'Login click',
      'Login success',
      'Login failed',
      'Token receive',
      'Terms show',
      'Terms accept',
      'Old web redirect',
      'Redirect',
      'Turnstile success',
      'Turnstile failed',
      'Turnstile reset',
      'SCP migration show',
      'SCP migration postpone',
      'SCP migration get app',
      'SCP migration back',
      'Click max amount',
      'Input transfer amount',
      'Register Personal Step',
      'Register Business Step',
      'Leave Registration',
      'Sign Up Complete',
      'Login Completed',
      'Company select show',
      'Company select',
      'Tax ID not valid',
      'Tax ID validation failed',
      'Request W Form',
      'Sign W Form',
      'Sign Declaration',
      'Submit Loss of Nationality',
      'Support message center show',
      'Support ticket open',
      'Support ticket create',
      'Support ticket reply',
    ]);
  });
});
