export { Button } from './button/button';
export type { ButtonProps } from './button/button';
export { Preloader } from './preloader/preloader';
export { ErrorState } from './error-state/error-state';
