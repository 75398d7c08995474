export * from './app-process';
export * from './test-database';
export * from './test-kafka';
export * from './wait-for';
export * from './hostile';
export * from './system';
export * from './flight-body';
export * from './tcp-proxy';
