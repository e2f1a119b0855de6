import { useId, useState, useSyncExternalStore } from 'react';
import { StatechartDiagram } from '../statechart/statechart-diagram';
import type { InspectorStore } from './inspector-store';
import styles from './inspector-panel.module.css';

/**
 * The development inspector's panel: the running statechart actors, and the chosen one
 * drawn with the states it is in now highlighted and its last events, following the app as the
 * user clicks through it. Offline; `npm run dev` with `?inspect` only.
 */
export function InspectorPanel({ store }: { store: InspectorStore }) {
  useSyncExternalStore(store.subscribe, store.version);
  const actors = store.actors();
  const [chosen, setChosen] = useState<string | null>(null);
  const [open, setOpen] = useState(true);
  const listId = useId();
  const actor = actors.find((a) => a.sessionId === chosen) ?? null;
  return (
    <section className={styles.panel} aria-label="Statechart inspector">
      <div className={styles.bar}>
        <h2 className={styles.title}>Statechart inspector</h2>
        <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Hide' : 'Show'}
        </button>
      </div>
      {open ? (
        <div className={styles.body}>
          <label htmlFor={listId}>Running actors ({actors.length})</label>
          <select id={listId} value={chosen ?? ''} onChange={(event) => setChosen(event.target.value || null)}>
            <option value="">(choose an actor)</option>
            {actors.map((a) => (
              <option key={a.sessionId} value={a.sessionId}>
                {a.name} ({a.sessionId}){a.status === 'active' ? '' : `, ${a.status}`}
              </option>
            ))}
          </select>
          {actor ? (
            <>
              <p className={styles.now} role="status">
                {actor.name} is in {actor.active.slice(1).join(', ') || actor.machine.id}
              </p>
              <h3 className={styles.subtitle}>Last events</h3>
              {actor.events.length ? (
                <ol className={styles.events}>
                  {actor.events.map((event, i) => (
                    <li key={`${event.at}-${i}`}>{event.type}</li>
                  ))}
                </ol>
              ) : (
                <p className={styles.now}>None yet.</p>
              )}
              <StatechartDiagram machine={actor.machine} active={actor.active} />
            </>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
