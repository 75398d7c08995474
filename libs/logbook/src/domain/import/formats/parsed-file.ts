import { type AircraftFacts } from '../aircraft/aircraft-facts';
import { type DateOrder, type ImportProblem, type TimeUnit } from '../import.types';
import { type SourceRow } from '../records/source-row';

/** A file as its format's parser reads it: rows not yet checked, aircraft not yet mapped. */
export interface ParsedFile {
  rows: SourceRow[];
  /** What the file says of each source aircraft (ForeFlight's aircraft table, MyFlightbook's columns). */
  aircraft: Map<string, AircraftFacts>;
  unusedColumns: string[];
  /** Our column (`docs/logbook-csv.md`) to the source column read for it. */
  columns: Record<string, string>;
  /** Problems with the file as a whole (a missing column), line 1 or the header's line. */
  problems: ImportProblem[];
  /** Set when the format fixes the order (`pft`, ForeFlight: `YYYY-MM-DD`). */
  dateOrder?: DateOrder;
  /** Set when the format fixes the unit (`pft`: minutes). */
  timeUnit?: TimeUnit;
  /** Time cells to detect the unit from, where the pilot may have to say it (`columns`). */
  timeCells?: string[];
}
