export { PermissionChangeDialog } from './ui/permission-change-dialog';
export type { PermissionChangeDialogProps } from './ui/permission-change-dialog';
