/**
 * Developer tools: statecharts drawn from their definitions and run live offline, for Storybook
 * and the development inspector only — nothing in the app's production build imports this segment
 * (the bundle bench and the dev-tools e2e test check it). Their words are for developers and
 * designers, in English.
 */
export { StatechartDiagram, storyHref, fitView, viewReducer, panToShow, boxAround, LEGIBLE_SCALE, SHOW_MARGIN } from './statechart/statechart-diagram';
export type { StatechartDiagramProps } from './statechart/statechart-diagram';
export { statechartGraph, edgeLabel, vertexId, shortestPathTo } from './statechart/graph';
export type { StatechartGraph, StatechartPath, PathStep, StateVertex, TransitionEdge } from './statechart/graph';
export { layoutStatechart } from './statechart/layout';
export type { StatechartLayout } from './statechart/layout';
export { describeActions, describeGuard, eventLabel, invokeLabel, kindLabel } from './statechart/labels';
export type { TransitionLike } from './statechart/labels';
export { createInspectorStore, activeIds } from './inspector/inspector-store';
export type { InspectorStore, InspectedActor } from './inspector/inspector-store';
export { InspectorPanel } from './inspector/inspector-panel';
export { mountInspector } from './inspector/mount';
export { startLiveRun, eventsTakenNow, activeNodes, ACTIONS_KEPT } from './live/live-run';
export type { LiveRun, LiveRunOptions, LiveView, LiveEventOffer, LiveWaiting, LiveTimer, LiveActionRun } from './live/live-run';
export { prettyJson, parseJson } from './live/pretty-json';
export { LivePanel, useLiveRun, liveStatus } from './live/live-panel';
export type { LivePanelProps, LiveControls } from './live/live-panel';
