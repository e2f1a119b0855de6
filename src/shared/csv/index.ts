/** CSV reading shared by the file checks (a segment of its own: workers import it without the rest of shared/lib). */
export { readCsvRows, readTextAtMost, writeCsv } from './csv-rows';
