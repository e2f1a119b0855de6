export { PopupHost, usePopupContent } from './ui/popup-host';
