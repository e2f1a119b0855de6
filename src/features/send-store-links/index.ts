export { SendStoreLinksForm } from './ui/send-store-links-form';
