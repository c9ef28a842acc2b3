/** Moved to modules/ingestion (the collector and the importer share it); re-exported for the importer's callers. */
export { parseDay, type IngestResult, type Ingestor, type VideoIngestResult } from '../modules/ingestion/ingestor.js';
