import type autocannon from 'autocannon';
import { type BenchRun } from '../support/bench-run';
import { type Measured } from '../support/measure';

/** The app's count of totals answered from memory and from the database, read from its metrics port. */
async function answersBySource(metricsUrl: string): Promise<{ memory: number; database: number }> {
  const text = await (await fetch(`${metricsUrl}/metrics`)).text();
  const value = (source: string): number =>
    Number(
      new RegExp(`^pft_partner_totals_answers_total\\{source="${source}"\\} (\\d+)`, 'm').exec(text)?.[1] ??
        0,
    );
  return { memory: value('memory'), database: value('database') };
}

/** A run, with the share of its pilot totals answered from the replica's memory (TotalsReadCache). */
export async function withCacheShare<M extends Pick<Measured, 'name'>>(
  metricsUrl: string,
  load: () => Promise<M>,
): Promise<M & { answered_from_memory: number }> {
  const before = await answersBySource(metricsUrl);
  const run = await load();
  const after = await answersBySource(metricsUrl);
  const memory = after.memory - before.memory;
  const total = memory + after.database - before.database;
  return { ...run, answered_from_memory: total === 0 ? 0 : +(memory / total).toFixed(3) };
}

export const measureWithCache = (
  bench: BenchRun,
  metricsUrl: string,
  name: string,
  options: autocannon.Options,
): Promise<Measured & { answered_from_memory: number }> =>
  withCacheShare(metricsUrl, () => bench.measure(name, options));
