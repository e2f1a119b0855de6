export { loadPersonalCertification, loadTaxReferenceTable, sendPersonalCertification } from './api/personal-certification';
