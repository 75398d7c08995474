import { type Flight, logbookStreamId } from '@pft/contracts';
import { type CommandPipeline } from '@pft/event-store/command-pipeline';
import { forEachInTurns } from '@pft/platform/batching/in-turns';
import { jsonbArrayParameter } from '@pft/platform/database/jsonb-parameter';
import { type Queryable } from '@pft/platform/database/queryable';
import { ImportCommitDecider, type ImportCommitDecision } from '../domain/import-commit.decide';
import { type FlightState } from '../domain/logbook.decide';
import { type FlightsRepository } from '../tables/flights.repository';
import {
  type ImportCommitResult,
  type PendingImport,
  type PendingImportsRepository,
} from '../tables/pending-imports.repository';

/** The pilot's flights of an import's ids read this many ids at a time (a statement each). */
const IDS_PER_READ = 5_000;

/** The flights rows an import's commit writes in one statement; more go in several, in its transaction. */
export const FLIGHTS_PER_STATEMENT = 2_000;

/** The stored outcome of an earlier commit, or what this one decides. */
type CommitDecision =
  (ImportCommitDecision & { earlier?: undefined }) | { events: []; earlier: ImportCommitResult };

/**
 * Commits an import's valid flights (`logbook-import.md` 2): one transaction through the write pipeline,
 * the events appended to the pilot's logbook stream and the flights rows written in statements of 2,000
 * (EVENTS_IN_ONE_STATEMENT, FLIGHTS_PER_STATEMENT), and the import marked committed with its result,
 * all or nothing. The flights are read from the import as it stands under the transaction's lock on it
 * (`readFlights`, which may refuse it), so that choices saved a moment before are the ones committed.
 * A second commit of the same import answers the first one's result and records nothing: it waits for
 * the first one's transaction on the stream lock, so `pipeline` runs on connections whose statements may
 * outlast that (the ingestion's ImportCommits).
 */
export async function commitImport(
  pipeline: CommandPipeline,
  repositories: { flights: FlightsRepository; imports: PendingImportsRepository },
  command: {
    pilot: string;
    importId: string;
    /**
     * The import's valid flights and how many rows were not, with its choices; throws (or rejects) to
     * refuse it. Read while the transaction holds the lock on the import.
     */
    readFlights: (
      pending: PendingImport,
    ) =>
      | { flights: readonly Flight[]; invalidRows: number }
      | Promise<{ flights: readonly Flight[]; invalidRows: number }>;
    requestId: string;
  },
): Promise<ImportCommitResult | undefined> {
  const { pilot, importId, requestId } = command;
  let gone = false;
  const decided = await pipeline.handle<
    { decision?: ImportCommitDecision; earlier?: ImportCommitResult },
    CommitDecision
  >({
    streamId: logbookStreamId(pilot),
    metadata: { request_id: requestId },
    load: async (tx) => {
      const pending = await repositories.imports.find(tx, pilot, importId, true);
      gone = pending === undefined;
      if (!pending) return {};
      if (pending.commit_result) return { earlier: pending.commit_result };
      const read = await command.readFlights(pending);
      const states = await storedStates(tx, repositories.flights, pilot, read.flights);
      // Decided here, in turns of the event loop: `decide` answers it (decideCommitImport, one flight at a time).
      const decider = new ImportCommitDecider(states, pilot, read.invalidRows);
      await forEachInTurns(read.flights, (flight) => decider.add(flight));
      return { decision: decider.decision() };
    },
    decide: ({ decision, earlier }) => {
      if (earlier) return { events: [], earlier };
      if (gone || !decision) return { events: [], earlier: emptyResult() };
      return decision;
    },
    project: async (tx, decision) => {
      if (gone || decision.earlier) return;
      await writeFlights(tx, pilot, decision.written);
      await repositories.imports.markCommitted(tx, importId, decision.counts);
    },
  });
  if (gone) return undefined;
  return decided.earlier ?? decided.counts;
}

const emptyResult = (): ImportCommitResult => ({
  recorded: 0,
  amended: 0,
  unchanged: 0,
  skipped_invalid: 0,
  skipped_deleted: 0,
});

/**
 * The pilot's flights of these flights' ids, read IDS_PER_READ ids at a time: the rows of 50,000 read
 * back at once held the event loop while the client parsed them.
 */
async function storedStates(
  tx: Queryable,
  flights: FlightsRepository,
  pilot: string,
  imported: readonly Flight[],
): Promise<Map<string, FlightState>> {
  const states = new Map<string, FlightState>();
  for (let i = 0; i < imported.length; i += IDS_PER_READ) {
    const ids = imported.slice(i, i + IDS_PER_READ).map((f) => f.flight_id);
    for (const [id, state] of await flights.states(tx, pilot, ids)) states.set(id, state);
  }
  return states;
}

/**
 * The flights rows of the recorded and amended flights, FLIGHTS_PER_STATEMENT a statement (their JSON
 * written in turns), all in the commit's transaction: one statement of 50,000 flights' JSON was tens of
 * MB, which the client copied in one go while every other request of the process waited.
 */
async function writeFlights(tx: Queryable, pilot: string, flights: readonly Flight[]): Promise<void> {
  for (let i = 0; i < flights.length; i += FLIGHTS_PER_STATEMENT) {
    await tx.query(
      `insert into flights (pilot_account_id, flight_id, flight, flight_date, recorded_at, updated_at)
       select $1::uuid, (f->>'flight_id')::uuid, f, (f->>'date')::date, now(), now()
         from jsonb_array_elements($2::jsonb) as f
       on conflict (pilot_account_id, flight_id)
       do update set flight = excluded.flight, flight_date = excluded.flight_date, updated_at = now()`,
      [pilot, await jsonbArrayParameter(flights.slice(i, i + FLIGHTS_PER_STATEMENT))],
    );
  }
}
