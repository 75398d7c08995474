import { type PilotTotals } from '@pft/contracts';
import { type ImportRead } from './import.types';

/**
 * An import as the pilot app API answers it (`logbook-import.md` 2): what the service makes of a
 * file read with the pilot's choices, and what the pilot's web app reads.
 */
export interface ImportView {
  import_id: string;
  format: ImportRead['format'];
  status: 'previewed' | 'committed';
  rows: number;
  flights_valid: number;
  problems: ImportRead['problems'];
  problems_total: number;
  unused_columns: string[];
  aircraft: ImportRead['aircraft'];
  columns: Record<string, string>;
  date_order: ImportRead['date_order'];
  time_unit: ImportRead['time_unit'];
  delimiter: ImportRead['delimiter'];
  date_range: ImportRead['date_range'];
  rules_applied: ImportRead['rules_applied'];
  totals: PilotTotals['totals'];
  ready: boolean;
}
