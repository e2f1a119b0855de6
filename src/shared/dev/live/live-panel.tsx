import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import type { AnyStateMachine } from 'xstate';
import { formatMs } from '../statechart/labels';
import { startLiveRun, type LiveRun, type LiveTimer, type LiveView, type LiveWaiting } from './live-run';
import { parseJson, prettyJson } from './pretty-json';
import styles from './live-panel.module.css';

/**
 * "Run it live": a machine run in the page, offline (./live-run.ts), with its controls: the
 * input it starts with, the events its current state takes (each with an editable JSON payload),
 * the stubbed actors waiting for an outcome, the timers waiting for the simulated clock, the
 * app actions that ran, and its context. The current state is announced in a status region, and
 * the caller draws it on the diagram (`useLiveRun().view.active` and `.lastTransition`).
 * Development and Storybook only.
 */

export interface LiveControls {
  run: LiveRun | null;
  /** The run as it is now (null while none runs). */
  view: LiveView | null;
  start: (input: unknown) => void;
  stop: () => void;
}

const noRun = () => () => {};
const noView = () => null;

/** One live run of a machine at a time: started, restarted (a new run) and stopped by the panel; stopped when the page goes. */
export function useLiveRun(machine: AnyStateMachine): LiveControls {
  const [run, setRun] = useState<LiveRun | null>(null);
  // A run belongs to its machine: another machine (a story's control changed) has none yet.
  const current = run?.machine === machine ? run : null;
  useEffect(() => () => run?.stop(), [run]);
  const view = useSyncExternalStore(current ? current.subscribe : noRun, current ? current.view : noView);
  return { run: current, view, start: (input) => setRun(startLiveRun(machine, { input })), stop: () => setRun(null) };
}

export interface LivePanelProps {
  machine: AnyStateMachine;
  live: LiveControls;
  /** The registry's samples (machines/live-samples.ts): what the fields start with. */
  sampleInput?: unknown;
  sampleEvents?: Readonly<Record<string, Readonly<Record<string, unknown>>>> | undefined;
  sampleOutputs?: Readonly<Record<string, unknown>> | undefined;
}

/** A value as one line of JSON (a field's text, an actor's input, an action's params); empty for nothing. */
const asText = (value: unknown) => (value === undefined ? '' : prettyJson(value).replace(/\n\s*/g, ' '));

/** The failure a stub is rejected with unless the developer writes another: a UiMessage, as the app's providers throw. */
const DEFAULT_ERROR = '{ "text": "Refused in the live run" }';

/** What the status region says: where the machine is, or how it ended. */
export function liveStatus(machineId: string, view: LiveView | null): string {
  if (!view) return `Not running. Start the live run to see where ${machineId} is.`;
  const where = view.current.map((id) => id.slice(machineId.length + 1) || machineId).join(', ');
  switch (view.status) {
    case 'active':
      return `${machineId} is in ${where}`;
    case 'done':
      return `${machineId} finished in ${where}`;
    case 'error':
      return `${machineId} stopped with an error: ${view.error instanceof Error ? view.error.message : prettyJson(view.error)}`;
    case 'stopped':
      return `${machineId} was stopped in ${where}`;
  }
}

export function LivePanel({ machine, live, sampleInput, sampleEvents = {}, sampleOutputs = {} }: LivePanelProps) {
  const id = useId();
  const [inputText, setInputText] = useState(() => (sampleInput === undefined ? '' : JSON.stringify(sampleInput, null, 2)));
  const [inputProblem, setInputProblem] = useState<string | null>(null);
  const { view } = live;

  const start = () => {
    const input = parseJson(inputText);
    setInputProblem(input.ok ? null : `The input is not JSON: ${input.message}`);
    if (input.ok) live.start(input.value);
  };

  return (
    <section className={styles.live} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.title}>
        Run it live
      </h3>
      <p className={styles.hint}>
        Runs {machine.id} here, offline: the actors it invokes or spawns are stubs you resolve or reject, its timers wait
        for “Advance time”, the app’s actions are only listed. The diagram above highlights its current state and the last
        transition taken while it runs.
      </p>
      <div className={styles.field}>
        <label htmlFor={`${id}-input`}>Input (JSON; empty for none)</label>
        <textarea id={`${id}-input`} className={styles.json} rows={Math.min(6, inputText.split('\n').length + 1)} value={inputText} spellCheck={false} onChange={(event) => setInputText(event.target.value)} />
        {inputProblem ? (
          <p className={styles.problem} role="alert">
            {inputProblem}
          </p>
        ) : null}
      </div>
      <div className={styles.buttons}>
        <button type="button" className={styles.primary} onClick={start}>
          {live.run ? 'Restart' : 'Start the live run'}
        </button>
        {live.run ? (
          <button type="button" onClick={live.stop}>
            Stop
          </button>
        ) : null}
      </div>
      <p className={styles.status} role="status">
        {liveStatus(machine.id, view)}
      </p>
      {live.run && view ? (
        <div className={styles.columns}>
          <div className={styles.controls}>
            <Events run={live.run} view={view} samples={sampleEvents} />
            <Waiting run={live.run} waiting={view.waiting} samples={sampleOutputs} />
            <Timers run={live.run} timers={view.timers} now={view.now} />
            <ActionsRun view={view} />
            <SentUp view={view} />
          </div>
          <div className={styles.state}>
            <h4 className={styles.subtitle}>Context</h4>
            {/* A region that scrolls: focusable, so the keyboard can scroll it too. */}
            <pre className={styles.context} role="region" tabIndex={0} aria-label={`Context of ${machine.id}`}>
              {prettyJson(view.context)}
            </pre>
            {view.status === 'done' && view.output !== undefined ? (
              <>
                <h4 className={styles.subtitle}>Output</h4>
                <pre className={styles.context} role="region" tabIndex={0} aria-label={`Output of ${machine.id}`}>
                  {prettyJson(view.output)}
                </pre>
              </>
            ) : null}
          </div>
        </div>
      ) : null}
    </section>
  );
}

/** The events the current state takes: a button each, and its payload as JSON (the registry's sample, else `{}`). */
function Events({ run, view, samples }: { run: LiveRun; view: LiveView; samples: NonNullable<LivePanelProps['sampleEvents']> }) {
  const id = useId();
  const [payloads, setPayloads] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<Record<string, string>>({});
  const textOf = (type: string) => payloads[type] ?? (samples[type] ? asText(samples[type]) : '{}');
  const send = (type: string) => {
    const parsed = parseJson(textOf(type));
    const fields = parsed.ok ? (parsed.value ?? {}) : null;
    const problem = !parsed.ok ? `Not JSON: ${parsed.message}` : typeof fields !== 'object' || fields === null || Array.isArray(fields) ? 'The payload is a JSON object ({} for none).' : null;
    setProblems((all) => ({ ...all, [type]: problem ?? '' }));
    if (!problem) run.send({ ...(fields as Record<string, unknown>), type });
  };
  return (
    <>
      <h4 className={styles.subtitle}>Events it takes now</h4>
      {view.events.length ? (
        <ul className={styles.list}>
          {view.events.map(({ type, guarded }, i) => (
            <li key={type} className={styles.item}>
              <div className={styles.buttons}>
                <button type="button" onClick={() => send(type)}>
                  Send {type}
                </button>
                {guarded ? <span className={styles.note}>(guarded: it may do nothing now)</span> : null}
              </div>
              <label className={styles.note} htmlFor={`${id}-${i}`}>
                Payload of {type} (JSON)
              </label>
              <input id={`${id}-${i}`} className={styles.json} value={textOf(type)} spellCheck={false} onChange={(event) => setPayloads((all) => ({ ...all, [type]: event.target.value }))} />
              {problems[type] ? (
                <p className={styles.problem} role="alert">
                  {problems[type]}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.none}>None: {view.status === 'active' ? 'its state takes no event of yours (it waits for an actor or a timer)' : 'it no longer runs'}.</p>
      )}
    </>
  );
}

/** The stubbed actors running now: a promise waits for Resolve (with an output) or Reject (with an error); a callback listens. */
function Waiting({ run, waiting, samples }: { run: LiveRun; waiting: LiveWaiting[]; samples: NonNullable<LivePanelProps['sampleOutputs']> }) {
  const id = useId();
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<{ key: string; text: string } | null>(null);
  const field = (key: string, fallback: string) => texts[key] ?? fallback;
  const end = (actor: LiveWaiting, how: 'resolve' | 'reject') => {
    const parsed = parseJson(how === 'resolve' ? field(`out-${actor.key}`, asText(samples[actor.src])) : field(`err-${actor.key}`, DEFAULT_ERROR));
    setProblem(parsed.ok ? null : { key: actor.key, text: `Not JSON: ${parsed.message}` });
    if (parsed.ok) run[how](actor.key, parsed.value);
  };
  return (
    <>
      <h4 className={styles.subtitle}>Waiting actors</h4>
      {waiting.length ? (
        <ul className={styles.list}>
          {waiting.map((actor) => (
            <li key={actor.key} className={styles.item}>
              {actor.kind === 'promise' ? (
                <>
                  <p className={styles.note}>
                    <strong>waiting: {actor.label}</strong>
                    {actor.input !== undefined ? <> (input <code>{asText(actor.input)}</code>)</> : null}
                  </p>
                  <label className={styles.note} htmlFor={`${id}-out-${actor.key}`}>
                    Output of {actor.label} (JSON; empty for none)
                  </label>
                  <input id={`${id}-out-${actor.key}`} className={styles.json} spellCheck={false} value={field(`out-${actor.key}`, asText(samples[actor.src]))} onChange={(event) => setTexts((all) => ({ ...all, [`out-${actor.key}`]: event.target.value }))} />
                  <label className={styles.note} htmlFor={`${id}-err-${actor.key}`}>
                    Error of {actor.label} (JSON)
                  </label>
                  <input id={`${id}-err-${actor.key}`} className={styles.json} spellCheck={false} value={field(`err-${actor.key}`, DEFAULT_ERROR)} onChange={(event) => setTexts((all) => ({ ...all, [`err-${actor.key}`]: event.target.value }))} />
                  <div className={styles.buttons}>
                    <button type="button" onClick={() => end(actor, 'resolve')}>
                      Resolve {actor.label}
                    </button>
                    <button type="button" onClick={() => end(actor, 'reject')}>
                      Reject {actor.label}
                    </button>
                  </div>
                  {problem?.key === actor.key ? (
                    <p className={styles.problem} role="alert">
                      {problem.text}
                    </p>
                  ) : null}
                </>
              ) : (
                <p className={styles.note}>
                  <strong>listening: {actor.label}</strong> (a callback: silent){actor.received.length ? <>; received {actor.received.join(', ')}</> : null}
                </p>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.none}>None.</p>
      )}
    </>
  );
}

/** The delayed events waiting for the simulated clock: each with a button that moves the time on to it. */
function Timers({ run, timers, now }: { run: LiveRun; timers: LiveTimer[]; now: number }) {
  return (
    <>
      <h4 className={styles.subtitle}>Advance time</h4>
      <p className={styles.note}>Simulated time: {formatMs(now)} since the start.</p>
      {timers.length ? (
        <ul className={styles.list}>
          {timers.map((timer) => (
            <li key={timer.key} className={styles.item}>
              <p className={styles.note}>
                {timer.label}: due in {formatMs(timer.dueIn)}
              </p>
              <div className={styles.buttons}>
                <button type="button" aria-label={`Advance ${formatMs(timer.dueIn)} to ${timer.label}`} onClick={() => run.advance(timer.dueIn)}>
                  Advance {formatMs(timer.dueIn)}
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.none}>No timer is waiting.</p>
      )}
    </>
  );
}

/** The app's actions that ran (their stand-ins), newest first. */
function ActionsRun({ view }: { view: LiveView }) {
  return (
    <>
      <h4 className={styles.subtitle}>Actions run</h4>
      {view.actions.length ? (
        <ol className={styles.actions} tabIndex={0} aria-label="Actions run, newest first">
          {view.actions.map((action, i) => (
            <li key={`${view.actions.length - i}`}>
              <code>
                {action.machineId}.{action.name}
                {action.params !== undefined ? `(${asText(action.params)})` : ''}
              </code>{' '}
              at {formatMs(action.at)}
            </li>
          ))}
        </ol>
      ) : (
        <p className={styles.none}>None yet (the app’s side effects are listed here, never run).</p>
      )}
    </>
  );
}

/** What the machine sent its parent (sendParent): the run's harness keeps it, newest first. Shown only when there is any. */
function SentUp({ view }: { view: LiveView }) {
  if (!view.toParent.length) return null;
  return (
    <>
      <h4 className={styles.subtitle}>Sent to its parent</h4>
      <ol className={styles.actions} tabIndex={0} aria-label="Sent to its parent, newest first">
        {view.toParent.map(({ event, at }, i) => (
          <li key={`${view.toParent.length - i}`}>
            <code>{asText(event)}</code> at {formatMs(at)}
          </li>
        ))}
      </ol>
    </>
  );
}
