import type { TaxReference } from '../machines/certification/tax.rules.ts';

/**
 * The sandbox's tax reference table (spec 002 s3: per country code, the personal and business TIN
 * with name, shortName and required, and crs). Realistic names, not legal advice: 40 countries, every country the bank serves among them; a
 * country not listed is not required, has a generic TIN and crs false.
 */
const tin = (name: string, shortName: string, required = true) => ({ name, shortName, required });
const same = (name: string, shortName: string, required = true, crs = true): TaxReference => ({ tinPersonal: tin(name, shortName, required), tinBusiness: tin(name, shortName, required), crs });

export const TAX_REFERENCE: Record<string, TaxReference> = {
  AE: { tinPersonal: tin('Tax Registration Number', 'TRN', false), tinBusiness: tin('Tax Registration Number', 'TRN'), crs: true },
  AT: { tinPersonal: tin('Steuernummer', 'StNr'), tinBusiness: tin('Steuernummer', 'StNr'), crs: true },
  AU: { tinPersonal: tin('Tax File Number', 'TFN'), tinBusiness: tin('Australian Business Number', 'ABN'), crs: true },
  BE: { tinPersonal: tin('Numéro de registre national', 'NN'), tinBusiness: tin('Numéro d’entreprise', 'BCE'), crs: true },
  BG: { tinPersonal: tin('Единен граждански номер', 'ЕГН'), tinBusiness: tin('Единен идентификационен код', 'ЕИК'), crs: true },
  BR: { tinPersonal: tin('Cadastro de Pessoas Físicas', 'CPF'), tinBusiness: tin('Cadastro Nacional da Pessoa Jurídica', 'CNPJ'), crs: true },
  CA: { tinPersonal: tin('Social Insurance Number', 'SIN'), tinBusiness: tin('Business Number', 'BN'), crs: true },
  CH: { tinPersonal: tin('AHV-Nummer', 'AHV'), tinBusiness: tin('Unternehmens-Identifikationsnummer', 'UID'), crs: true },
  CY: same('Tax Identification Code', 'TIC'),
  CZ: { tinPersonal: tin('Rodné číslo', 'RČ'), tinBusiness: tin('Daňové identifikační číslo', 'DIČ'), crs: true },
  DE: { tinPersonal: tin('Steuerliche Identifikationsnummer', 'IdNr'), tinBusiness: tin('Steuernummer', 'StNr'), crs: true },
  DK: { tinPersonal: tin('CPR-nummer', 'CPR'), tinBusiness: tin('CVR-nummer', 'CVR'), crs: true },
  EE: { tinPersonal: tin('Isikukood', 'IK'), tinBusiness: tin('Registrikood', 'RK'), crs: true },
  ES: { tinPersonal: tin('Número de Identificación Fiscal', 'NIF'), tinBusiness: tin('Número de Identificación Fiscal', 'NIF'), crs: true },
  FI: { tinPersonal: tin('Henkilötunnus', 'HETU'), tinBusiness: tin('Y-tunnus', 'Y-tunnus'), crs: true },
  FR: { tinPersonal: tin('Numéro fiscal de référence', 'SPI'), tinBusiness: tin('Numéro SIREN', 'SIREN'), crs: true },
  GB: { tinPersonal: tin('National Insurance Number or Unique Taxpayer Reference', 'NINO/UTR'), tinBusiness: tin('Unique Taxpayer Reference', 'UTR'), crs: true },
  GE: { tinPersonal: tin('Personal number', 'PN'), tinBusiness: tin('Identification code', 'ID'), crs: false },
  GR: same('Arithmos Forologikou Mitroou', 'AFM'),
  HK: { tinPersonal: tin('Hong Kong Identity Card Number', 'HKID'), tinBusiness: tin('Business Registration Number', 'BRN'), crs: true },
  IE: { tinPersonal: tin('Personal Public Service Number', 'PPSN'), tinBusiness: tin('Tax Reference Number', 'TRN'), crs: true },
  IN: same('Permanent Account Number', 'PAN'),
  IT: { tinPersonal: tin('Codice fiscale', 'CF'), tinBusiness: tin('Partita IVA', 'P.IVA'), crs: true },
  JP: { tinPersonal: tin('Individual Number (My Number)', 'My Number'), tinBusiness: tin('Corporate Number', 'CN'), crs: true },
  LK: { tinPersonal: tin('Taxpayer Identification Number', 'TIN', false), tinBusiness: tin('Taxpayer Identification Number', 'TIN'), crs: false },
  LT: { tinPersonal: tin('Asmens kodas', 'AK'), tinBusiness: tin('Juridinio asmens kodas', 'JAK'), crs: true },
  LU: { tinPersonal: tin('Numéro d’identification national', 'NIN'), tinBusiness: tin('Matricule', 'Matricule'), crs: true },
  LV: { tinPersonal: tin('Personas kods', 'PK'), tinBusiness: tin('Reģistrācijas numurs', 'RN'), crs: true },
  MD: { tinPersonal: tin('Cod personal (IDNP)', 'IDNP'), tinBusiness: tin('Cod fiscal (IDNO)', 'IDNO'), crs: false },
  MX: { tinPersonal: tin('Registro Federal de Contribuyentes', 'RFC'), tinBusiness: tin('Registro Federal de Contribuyentes', 'RFC'), crs: true },
  MT: same('Tax Identification Number', 'TIN'),
  NL: { tinPersonal: tin('Burgerservicenummer', 'BSN'), tinBusiness: tin('RSIN', 'RSIN'), crs: true },
  NO: { tinPersonal: tin('Fødselsnummer', 'FNR'), tinBusiness: tin('Organisasjonsnummer', 'ORGNR'), crs: true },
  PL: { tinPersonal: tin('PESEL', 'PESEL'), tinBusiness: tin('Numer Identyfikacji Podatkowej', 'NIP'), crs: true },
  PT: same('Número de Identificação Fiscal', 'NIF'),
  RO: { tinPersonal: tin('Cod numeric personal', 'CNP'), tinBusiness: tin('Cod de identificare fiscală', 'CIF'), crs: true },
  SE: { tinPersonal: tin('Personnummer', 'PIN'), tinBusiness: tin('Organisationsnummer', 'ORGNR'), crs: true },
  SG: { tinPersonal: tin('NRIC or FIN', 'NRIC/FIN'), tinBusiness: tin('Unique Entity Number', 'UEN'), crs: true },
  UA: { tinPersonal: tin('Реєстраційний номер облікової картки платника податків', 'РНОКПП'), tinBusiness: tin('Код ЄДРПОУ', 'ЄДРПОУ'), crs: false },
  US: { tinPersonal: tin('Social Security Number or ITIN', 'SSN/ITIN'), tinBusiness: tin('Employer Identification Number', 'EIN'), crs: false },
};
