import { type AircraftCategory, type EngineKind, type AircraftFeature, type Flight } from '@pft/contracts';

/** The formats a logbook file is read in (`logbook-import.md` 1). */
export const IMPORT_FORMATS = ['pft', 'foreflight', 'myflightbook', 'columns'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const DATE_ORDERS = ['ymd', 'mdy', 'dmy'] as const;
export type DateOrder = (typeof DATE_ORDERS)[number];

export const TIME_UNITS = ['decimal_hours', 'h_mm', 'minutes'] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];

export type Delimiter = ',' | ';' | '\t';

/** An aircraft as a record names it, proposed from the file or chosen by the pilot. */
export interface ImportAircraft {
  category: AircraftCategory;
  rating_key?: string;
  type_designator?: string;
  engine?: EngineKind;
  features?: AircraftFeature[];
}

/** What the file proposes for one source aircraft; `guessed` when the file left the engine open. */
export type ProposedAircraft = ImportAircraft & { guessed: boolean };

/** The pilot's choices (`PUT /pilot/v1/imports/{id}/choices`), each part optional. */
export interface ImportChoices {
  aircraft?: Record<string, ImportAircraft>;
  /**
   * Our field (a column of `docs/logbook-csv.md`) to the source column, for `columns` files; null: the
   * field is in no column of the file, whatever header looks like it.
   */
  columns?: Record<string, string | null>;
  date_order?: DateOrder;
  time_unit?: TimeUnit;
  unused_columns_to_remarks?: boolean;
}

/**
 * The choices about how a file is read that each format takes (`logbook-import.md` 1): a `columns` file's
 * mapping, date order and time unit are the pilot's to say; MyFlightbook's dates may be month or day
 * first; the rest is fixed by the format (its columns read by name, its dates `YYYY-MM-DD`, its times
 * decimal hours or `H:MM`, as each cell shows; a `pft` file's in minutes).
 */
export const READING_CHOICES: Record<ImportFormat, readonly ('columns' | 'date_order' | 'time_unit')[]> = {
  pft: [],
  foreflight: [],
  myflightbook: ['date_order'],
  columns: ['columns', 'date_order', 'time_unit'],
};

/**
 * The rating a type designator is a type rating of (`B738` -> the 737-300 to -900 type key), or
 * undefined: the catalog's `icao_designators`, given by the caller.
 */
export type TypeRatingOf = (typeDesignator: string) => string | undefined;

export interface ImportInput {
  /** The file as received. */
  bytes: Uint8Array;
  /** The pilot account (a UUID): the namespace of the derived flight ids. */
  pilotAccountId: string;
  /** `YYYY-MM-DD`, UTC: the flight rules' latest date is the day after. */
  today: string;
  typeRatingOf: TypeRatingOf;
  /** `auto` (or absent) detects it. */
  format?: ImportFormat | 'auto';
  choices?: ImportChoices;
}

/** A problem with one row, or with the file (line 1 is the first line of the file). */
export interface ImportProblem {
  line: number;
  column?: string;
  issue: string;
  message: string;
}

/** A rule the reading applied to the file, with the lines it changed (file order). */
export interface AppliedRule {
  rule: string;
  message: string;
  lines: number[];
}

/** One valid row, ready to be recorded. */
export interface ImportedFlight {
  line: number;
  /** The source aircraft the row names. */
  source: string;
  flight: Flight;
}

export interface ImportAircraftEntry {
  source: string;
  make_model: string | null;
  type_designator: string | null;
  proposed: ProposedAircraft | null;
  chosen: ImportAircraft | null;
  flights: number;
}

/** A file refused as a whole, with the pilot app API's error code. */
export interface ImportRefusal {
  code: 'IMPORT_TOO_LARGE' | 'UNSUPPORTED_FILE';
  issue: string;
  message: string;
  line?: number;
}

/** What the preview shows of a file read with the pilot's choices. */
export interface ImportRead {
  format: ImportFormat;
  delimiter: Delimiter;
  /** Rows read, valid or not; headers and data-type rows not counted. */
  rows: number;
  flights: ImportedFlight[];
  problems: ImportProblem[];
  unused_columns: string[];
  aircraft: ImportAircraftEntry[];
  columns: Record<string, string>;
  date_order: DateOrder | null;
  time_unit: TimeUnit | null;
  rules_applied: AppliedRule[];
  /** The first and last date of the valid flights; null when there is none. */
  date_range: { from: string; to: string } | null;
  /**
   * Every aircraft with rows has a proposal or a choice, the date and total time columns are known,
   * the date order and time unit are known, and at least one flight is valid.
   */
  ready: boolean;
}

export type ImportResult = { ok: true; value: ImportRead } | { ok: false; refusal: ImportRefusal };
