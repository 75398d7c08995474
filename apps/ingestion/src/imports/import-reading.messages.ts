import { type Flight } from '@pft/contracts';
import {
  type ImportChoices,
  type ImportFormat,
  type ImportRefusal,
  type ImportView,
} from '@pft/logbook/domain';

/** A file to read in a reading thread, with the pilot's choices, as of `today` (UTC). */
export interface ReadingInput {
  bytes: Uint8Array;
  pilot: string;
  format: ImportFormat | 'auto';
  choices: ImportChoices;
  today: string;
}

/** What a reading thread is asked: the import's preview, or the flights its commit records. */
export type ReadingRequest = ReadingInput &
  ({ want: 'view'; importId: string; status: ImportView['status'] } | { want: 'flights' });

/** The valid flights of an import and how many rows were not; no flights when it is not ready. */
export interface ReadFlights {
  ready: boolean;
  flights: Flight[];
  invalidRows: number;
}

/** A reading thread's answer: the file refused as a whole, what was asked, or the error it threw. */
export type ReadingAnswer =
  { refused: ImportRefusal } | { view: ImportView } | { flights: ReadFlights } | { failed: string };

/**
 * The flights of a `flights` answer come before it, FLIGHTS_PER_MESSAGE at a time, each sent once the
 * caller asks for MORE: taking each message in is then a task of its own on the caller's thread, short
 * (50,000 flights in one message, or in messages sent at once, held it 100 to 250 ms).
 */
export const FLIGHTS_PER_MESSAGE = 2_000;

/** What the caller sends a reading thread for the next message of an answer. */
export const MORE = 'more';

/** What a reading thread sends: some of the flights of the answer that follows, or the answer. */
export type ReadingMessage = { part: Flight[] } | ReadingAnswer;
