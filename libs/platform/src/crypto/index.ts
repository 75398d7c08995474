export { KEY_BYTES, newDataKey } from './aes-gcm';
export * from './master-keys';
export * from './data-keys';
export * from './sealed-json';
export * from './shared-data-keys';
