export { loadPersonalCertification, loadTaxReferenceTable, sendPersonalCertification, uploadLossOfNationality, uploadWForm } from './api/personal-certification';
