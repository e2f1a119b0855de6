export { PopupHostGate as PopupHost, preloadPopupHost } from './ui/popup-host-gate';
