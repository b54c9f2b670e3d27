/** Moved: the one CSV writer of every export is src/services/export/csv-writer.ts (kept as an alias for existing imports). */
export { CsvWriter, csvField, csvLine, parseCsv } from '../export/csv-writer';
