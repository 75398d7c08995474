// What the event store seals and opens payloads with.
export { type DataKey, DataKeys } from './data-keys';
export { DEVELOPMENT_MASTER_KEY, MasterKeyRing } from './master-keys';
export { boxOpener, sealJson } from './sealed-json';
export { sharedDataKeys } from './shared-data-keys';
