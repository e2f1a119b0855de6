import { createContext, useContext, useState, type ReactNode } from 'react';
import { useActorRef } from '@xstate/react';
import { inspectOptions } from '@/shared/model';
import { supportDeskLogic, type SupportDeskActor, type SupportDeskLogic } from './desk';

const DeskContext = createContext<SupportDeskActor | null>(null);

/**
 * The support desk statechart for the support pages (issue 60): one actor while they are shown
 * (its token is the acting customer's: the page keys it by the customer). `logic` is replaceable
 * (stories give it fake calls).
 */
export function SupportDeskProvider({ logic, children }: { logic?: SupportDeskLogic; children: ReactNode }) {
  // The provided logic is made once for the pages (not flow state: the statechart holds that).
  const [ownLogic] = useState(() => logic ?? supportDeskLogic());
  const desk = useActorRef(ownLogic, inspectOptions());
  return <DeskContext.Provider value={desk}>{children}</DeskContext.Provider>;
}

/** The support desk of the page (inside SupportDeskProvider). */
export function useSupportDesk(): SupportDeskActor {
  const desk = useContext(DeskContext);
  if (!desk) throw new Error('useSupportDesk: no SupportDeskProvider above');
  return desk;
}
