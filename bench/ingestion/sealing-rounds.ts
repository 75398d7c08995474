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
 * that no run pays for the backlog of another. In each round the single POST's floor (`floors.post`)
 * is measured just before its POSTs, and the import's (`floors.imported`) just before its imports, so
 * that each share is taken within its round.
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
  /** The floors of the single POST and of the import, measured in each round before their runs. */
  floors: { post: () => Promise<Measured>; imported: () => Promise<Measured> },
): Promise<{
  rounds: SealingRuns<Measured[]>;
  medians: SealingRuns<Measured>;
  postFloors: Measured[];
  importFloors: Measured[];
}> {
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
  const importFloors: Measured[] = [];
  for (let round = 0; round < SEALING_ROUNDS; round++) {
    for (const pair of pairs) {
      if (pair[0] === 'post') postFloors.push(await floors.post());
      else importFloors.push(await floors.imported());
      for (const figure of roundOrder(pair, round)) {
        await drained();
        rounds[figure].push(await writes[figure]());
      }
    }
  }
  return {
    rounds,
    postFloors,
    importFloors,
    medians: {
      post: medianRun(rounds.post),
      postPlain: medianRun(rounds.postPlain),
      imported: medianRun(rounds.imported),
      importedPlain: medianRun(rounds.importedPlain),
    },
  };
}
