import { createContext, useContext, type Context } from 'react';

/**
 * A React context for one app-wide actor and the hook that reads it (throws without a provider,
 * so a missing provider is a loud bug, not a silent null). src/app provides each actor once;
 * Storybook decorators provide fakes.
 */
export function actorContext<TActor>(name: string): readonly [Context<TActor | null>, () => TActor] {
  const ActorContext = createContext<TActor | null>(null);
  ActorContext.displayName = name;
  const useActor = (): TActor => {
    const actor = useContext(ActorContext);
    if (!actor) throw new Error(`${name}: no provider above this component`);
    return actor;
  };
  return [ActorContext, useActor] as const;
}
