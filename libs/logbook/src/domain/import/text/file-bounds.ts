/** The bounds of a file the import reads (`logbook-import.md` 2); past them it is refused as a whole. */

/** 20 MB, counted in bytes as received. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
/** Rows of flights, headers and ForeFlight's aircraft rows not counted. */
export const MAX_IMPORT_ROWS = 50_000;
/**
 * The longest line, in characters: a logbook row is a few hundred; a longer line is not a logbook
 * (and would make one cell hold most of the file).
 */
export const MAX_LINE_LENGTH = 65_536;
/**
 * The most cells a record may have: ForeFlight's flights table, the widest known, has about a hundred
 * with its custom columns. Without a bound, a wide header times many short rows is quadratic work.
 */
export const MAX_COLUMNS = 1_000;
