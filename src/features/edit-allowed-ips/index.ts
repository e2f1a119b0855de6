export { AllowedIpSection } from './ui/allowed-ip-section';
