export { IdleWarningGate as IdleWarning, preloadIdleWarning } from './ui/idle-warning-gate';
