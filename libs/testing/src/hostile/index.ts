export * from './hostile-request';
export * from './hostile-values';
export * from './hostile-shared';
export * from './hostile-ingestion';
export * from './hostile-partner';
export * from './hostile-mixer';
