import { createRoot } from 'react-dom/client';
import type { InspectionEvent } from 'xstate';
import { InspectorPanel } from './inspector-panel';
import { createInspectorStore } from './inspector-store';

/**
 * Starts the offline inspector (`npm run dev` with `?inspect`): its store receives every actor's
 * inspection events, and its panel is drawn in a root of its own beside the app. Returns the
 * `inspect` option for the app's actors.
 */
export function mountInspector(): (event: InspectionEvent) => void {
  const store = createInspectorStore();
  const host = document.createElement('div');
  host.setAttribute('data-inspector', '');
  document.body.append(host);
  createRoot(host).render(<InspectorPanel store={store} />);
  return store.inspect;
}
