import type autocannon from 'autocannon';
import { type BenchRun } from '../support/bench-run';
import { roundOrder } from '../support/kafka-clients';
import { type Measured } from '../support/measure';

/** Rounds of the sealed and plain write runs, their order alternating: one run each was too noisy a ratio. */
export const SEALING_ROUNDS = 3;

/** The four write figures: single POSTs and imports, by the app as deployed and by the one not sealing. */
export interface SealingRuns<T> {
  post: T;
  postPlain: T;
  imported: T;
  importedPlain: T;
}

type Figure = keyof SealingRuns<unknown>;

/** The run of median rate among `runs`. */
export const medianRun = (runs: Measured[]): Measured =>
  [...runs].sort((a, b) => a.requests_per_second_exact - b.requests_per_second_exact)[
    Math.floor(runs.length / 2)
  ]!;

/**
 * Single POSTs and imports by the app as deployed (`sealed`) and by the same app with
 * PFT_SEAL_PAYLOADS=false (`plain`), each pair in SEALING_ROUNDS rounds whose order alternates
 * (sealed then plain, plain then sealed, ...): every round, and each figure's run of median rate.
 * Each run starts once `drained` resolves (the relay has published what the runs before it wrote), so
 * that no run pays for the backlog of another. Each round starts with `postFloor`, the single POST's
 * floor, so that the POST's share of it is taken within each round.
 */
export async function measureSealedAndPlain(
  bench: BenchRun,
  urls: { sealed: string; plain: string },
  load: {
    single: autocannon.Request[];
    imports: autocannon.Request[];
    importConnections: number;
    importSize: number;
  },
  drained: () => Promise<void>,
  /** The single POST's floor, measured in each round just before its POSTs, so each round has its share. */
  postFloor: () => Promise<Measured>,
): Promise<{ rounds: SealingRuns<Measured[]>; medians: SealingRuns<Measured>; postFloors: Measured[] }> {
  const importRun = (name: string, url: string) => () =>
    bench.measure(name, { url, connections: load.importConnections, requests: load.imports });
  const writes: SealingRuns<() => Promise<Measured>> = {
    post: () => bench.measure('POST /pilot/v1/flights', { url: urls.sealed, requests: load.single }),
    postPlain: () =>
      bench.measure('POST /pilot/v1/flights, payloads not sealed', {
        url: urls.plain,
        requests: load.single,
      }),
    imported: importRun(`POST /pilot/v1/flights/import (${load.importSize} flights)`, urls.sealed),
    importedPlain: importRun(
      `POST /pilot/v1/flights/import (${load.importSize} flights), payloads not sealed`,
      urls.plain,
    ),
  };
  const rounds: SealingRuns<Measured[]> = { post: [], postPlain: [], imported: [], importedPlain: [] };
  const pairs: [Figure, Figure][] = [
    ['post', 'postPlain'],
    ['imported', 'importedPlain'],
  ];
  const postFloors: Measured[] = [];
  for (let round = 0; round < SEALING_ROUNDS; round++) {
    postFloors.push(await postFloor());
    for (const pair of pairs) {
      for (const figure of roundOrder(pair, round)) {
        await drained();
        rounds[figure].push(await writes[figure]());
      }
    }
  }
  return {
    rounds,
    postFloors,
    medians: {
      post: medianRun(rounds.post),
      postPlain: medianRun(rounds.postPlain),
      imported: medianRun(rounds.imported),
      importedPlain: medianRun(rounds.importedPlain),
    },
  };
}
