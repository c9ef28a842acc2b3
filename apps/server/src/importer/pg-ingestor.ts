/** Moved to modules/ingestion (the collector and the importer share it); re-exported for the importer's callers. */
export { INGEST_BATCH_ROWS, PgIngestor } from '../modules/ingestion/pg-ingestor.js';
