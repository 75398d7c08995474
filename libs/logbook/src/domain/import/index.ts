export { readImport } from './read-import';
export { detectFormat } from './formats/detect-format';
export { MAPPABLE_COLUMNS } from './formats/columns';
export { deriveFlightId, uuidV5, type FlightKey } from './ids/flight-id';
export { MAX_COLUMNS, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, MAX_LINE_LENGTH } from './text/file-bounds';
export * from './import.types';
export type { ImportView } from './import-view';
