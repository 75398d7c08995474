import { parentPort } from 'node:worker_threads';
import { readImport, typeRatingForIcao } from '@pft/logbook/domain';
import { importView } from './import-view';
import {
  FLIGHTS_PER_MESSAGE,
  MORE,
  type ReadingMessage,
  type ReadingRequest,
} from './import-reading.messages';

/** Reads the file as asked: what PendingImports answered from its own thread before. */
function answer(request: ReadingRequest): ReadingMessage[] {
  const result = readImport({
    bytes: request.bytes,
    pilotAccountId: request.pilot,
    today: request.today,
    // A type designator the rating catalog has as a type rating proposes that type key.
    typeRatingOf: typeRatingForIcao,
    format: request.format,
    choices: request.choices,
  });
  if (!result.ok) return [{ refused: result.refusal }];
  const read = result.value;
  if (request.want === 'view') return [{ view: importView(request.importId, request.status, read) }];
  const parts: ReadingMessage[] = [];
  // Only a ready import's flights are recorded: those of one that is not are not sent back.
  if (read.ready) {
    for (let i = 0; i < read.flights.length; i += FLIGHTS_PER_MESSAGE)
      parts.push({ part: read.flights.slice(i, i + FLIGHTS_PER_MESSAGE).map((f) => f.flight) });
  }
  const flights = { ready: read.ready, flights: [], invalidRows: read.rows - read.flights.length };
  return [...parts, { flights }];
}

/**
 * A reading thread of ImportReadingThreads: reads one logbook file at a time, as its requests come,
 * so that the ingestion's own thread goes on answering other requests meanwhile. An answer of several
 * messages is sent one message at a time, each once the caller asks for more.
 */
const port = parentPort!;
let unsent: ReadingMessage[] = [];
port.on('message', (request: ReadingRequest | typeof MORE) => {
  if (request !== MORE) {
    try {
      unsent = answer(request);
    } catch (err) {
      unsent = [{ failed: err instanceof Error ? (err.stack ?? err.message) : String(err) }];
    }
  }
  const next = unsent.shift();
  if (next) port.postMessage(next);
});
