export { LanguageSwitch, preloadLanguageSelect } from './ui/language-switch';
