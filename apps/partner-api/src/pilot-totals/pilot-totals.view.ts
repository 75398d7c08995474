import { type PilotTotals } from '@pft/contracts';

/** One element of the partner API's 2.4: a pilot's totals as a partner reads them. */
export interface PilotTotalsView extends PilotTotals {
  pilot_id: string;
  last_updated: string;
}
