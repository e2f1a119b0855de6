export { IdleWarning } from './ui/idle-warning';
