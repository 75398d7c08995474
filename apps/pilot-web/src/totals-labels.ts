import { type TotalsField } from '@pft/contracts';

/** The totals' fields as the app names them. */
export const TOTALS_LABELS: Record<TotalsField, string> = {
  total_flight_time_minutes: 'Total flight time',
  pic_minutes: 'PIC',
  sic_minutes: 'SIC',
  dual_minutes: 'Dual',
  instructor_minutes: 'Instructor',
  cross_country_minutes: 'Cross-country',
  night_minutes: 'Night',
  ifr_minutes: 'IFR',
  actual_instrument_minutes: 'Actual instrument',
  simulated_instrument_minutes: 'Simulated instrument',
  single_engine_minutes: 'Single-engine',
  multi_engine_minutes: 'Multi-engine',
  multi_pilot_minutes: 'Multi-pilot',
  simulator_minutes: 'Simulator',
};
