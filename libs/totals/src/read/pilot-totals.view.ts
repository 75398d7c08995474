import fastJson from 'fast-json-stringify';
import { type PilotTotals, totalsAnswerSchema } from '@pft/contracts';

/**
 * The totals of an answer as JSON, by their schema (fast-json-stringify, several times faster than
 * JSON.stringify). A property missing from the schema would be left out of the answer, which the
 * end-to-end tests that compare whole bodies would show.
 */
const stringifyTotals: (totals: PilotTotals) => string = fastJson(totalsAnswerSchema({}));

/**
 * `pieces` as one sequential string. Concatenation makes a tree of pieces that every use (an envelope
 * around it, a write to a socket) walks again; flattened, it still stays an object of its own in front
 * of its text, two for the collector to mark per answer kept. A join writes one string.
 */
const joined = (...pieces: string[]): string => pieces.join('');

/** `{"pilot_id":…,"last_updated":…`: an answer's JSON up to its totals. */
const opening = (pilotId: string, lastUpdated: string): string =>
  `{"pilot_id":${JSON.stringify(pilotId)},"last_updated":${JSON.stringify(lastUpdated)}`;

/**
 * One element of the partner API's 2.4, a pilot's totals as a partner reads them, held as the JSON
 * it is sent as: `pilot_id` and `last_updated`, then the totals in their schema's order. Up to 100,000
 * answers stay in memory (TotalsMemory); as object trees they were about a dozen objects each, which
 * every full garbage collection marked again. Never changed once made: every request that reads it
 * sends `json` as it is.
 */
export class PilotTotalsView {
  /** The JSON as UTF-8, made on first use (a batch copies its answers' bytes into its response). */
  private utf8: Buffer | undefined;

  private constructor(
    readonly pilot_id: string,
    readonly last_updated: string,
    /** The element's JSON, one flat string. */
    readonly json: string,
  ) {}

  /** The answer for `pilotId` with `totals` as of `lastUpdated` (ISO 8601). */
  static of(pilotId: string, lastUpdated: string, totals: PilotTotals): PilotTotalsView {
    const json = joined(opening(pilotId, lastUpdated), ',', stringifyTotals(totals).slice(1));
    return new PilotTotalsView(pilotId, lastUpdated, json);
  }

  /** The same totals as of `lastUpdated`: this answer if it is already, else a new one. */
  at(lastUpdated: string): PilotTotalsView {
    if (lastUpdated === this.last_updated) return this;
    const totals = this.json.slice(opening(this.pilot_id, this.last_updated).length);
    return new PilotTotalsView(
      this.pilot_id,
      lastUpdated,
      joined(opening(this.pilot_id, lastUpdated), totals),
    );
  }

  get bytes(): Buffer {
    return (this.utf8 ??= Buffer.from(this.json));
  }
}
