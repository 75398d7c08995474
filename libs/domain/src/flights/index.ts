export * from './flight.rules';
export * from './flight-equality';
export * from './calendar-date';
export * from './flight-import.rules';
