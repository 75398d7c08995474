import { median } from '../support/kafka-clients';
import { type Json, fmt, type Row, tableLine } from './report-format';

/** What the pilots' privacy costs, each beside the same work without it in the same run. */
export const privacyFigures: Record<string, (data: Json) => Row[]> = {
  'partner-api-access-history': (d) =>
    (
      [
        ['warm', 'single read, cache warm'],
        ['cold', 'single read, cache cold'],
        ['batch', 'batch of 50'],
      ] as const
    ).map(([key, label]) => ({
      figure: `${label}, with reads recorded for the access history against without (${fmt(d.settings?.repeats)} interleaved rounds, ${d.ratios_by_round ? "the median of the rounds' ratios" : 'the ratio of the medians'})`,
      value:
        `${fmt(d.ratios?.[`${key}_recording_vs_not`], 3)}x` +
        (d.ratios_by_round ? ` (by round: ${(d.ratios_by_round[key] as number[]).join(', ')})` : ''),
      goal: 'within 5% (0.95x or better)',
      met: d.ratios?.[`${key}_recording_vs_not`] >= 0.95,
    })),
};

/** The sealing figures of the ingestion and projector results. */
export function sealingRows(ingestion: Json | undefined, projector: Json | undefined): Row[] {
  const rows: Row[] = [];
  if (ingestion?.ratios?.single_post_sealed_vs_plain !== undefined) {
    rows.push(
      {
        figure: 'single-flight POST, payloads sealed against not sealed (ingestion benchmark, same run)',
        value: `${fmt(ingestion.ratios.single_post_sealed_vs_plain, 3)}x`,
        goal: 'no more than 15% slower (0.85x or better)',
        met: ingestion.ratios.single_post_sealed_vs_plain >= 0.85,
      },
      {
        figure: 'import of 1,000 flights, payloads sealed against not sealed (ingestion benchmark, same run)',
        value: `${fmt(ingestion.ratios.import_sealed_vs_plain, 3)}x`,
        goal: 'no more than 15% slower (0.85x or better)',
        met: ingestion.ratios.import_sealed_vs_plain >= 0.85,
      },
    );
  }
  if (projector?.sealed?.ratio_to_plain !== undefined) {
    rows.push({
      figure: `projector folding sealed payloads against plain ones (${String(projector.sealed.kafka_client)}, ${fmt(projector.events)} events, median of the rounds)`,
      value: `${fmt(projector.sealed.events_per_second)} events/s, ${fmt(projector.sealed.ratio_to_plain, 3)}x${sealedRounds(projector.sealed.runs as Json[] | undefined)}`,
      goal: 'no more than 15% slower (0.85x or better)',
      met: projector.sealed.ratio_to_plain >= 0.85,
    });
  }
  const decode = projector?.sealed?.decode_cost as Json | undefined;
  if (decode && projector?.projector?.events_per_second) {
    // The plain fold's time per event, and what opening would add to it on the event loop. The
    // projector decodes batches of 64 messages or more on its opening thread, so this is the bound of
    // opening everything on the event loop, not of the fold measured above.
    const plainUs = 1e6 / (projector.projector.events_per_second as number);
    const extraUs = decode.sealed_extra_us_per_event as number;
    rows.push({
      figure: `floor: decoding alone, the service's decodeEventMessages on ${fmt(decode.messages)} of the same messages, keys in memory (same run)`,
      value:
        `${fmt(decode.plain_us_per_event, 2)} µs per event plain, ${fmt(decode.sealed_us_per_event, 2)} µs sealed: ` +
        `opening adds ${fmt(extraUs, 2)} µs per event; the fold pays ${fmt(projector.sealed.fold_extra_us_per_event, 2)} µs more per event sealed. ` +
        `At the plain fold's ${fmt(plainUs, 2)} µs per event, opening them all on the event loop would leave the sealed fold at most ${fmt(plainUs / (plainUs + extraUs), 3)}x of the plain one; ` +
        'the projector decodes batches of 64 messages or more on its opening thread (opened there, each message read by position in the relay layout or else parsed, then parsed once on the event loop), where this cost is CPU of the machine, not time of the event loop',
      goal: 'reference: what AES-256-GCM opening and the second parse cost per event before anything is folded, opened on the thread that decodes',
      met: null,
    });
    rows.push(...threadDecodeRows(decode));
  }
  return rows;
}

/**
 * The decoding floor as the projector decodes (decode-cost.ts): each thread's CPU per event, plain and
 * sealed, beside the opener alone opening the same payloads; none for a result measured before it had
 * these figures.
 */
export function threadDecodeRows(decode: Json): Row[] {
  const thread = decode.through_thread as Json | undefined;
  if (!thread || decode.aes_gcm_open_us_per_event === undefined) return [];
  const extra = thread.sealed_extra_process_cpu_us as number;
  const alone = decode.aes_gcm_open_us_per_event as number;
  // Results since the native opener name the opener alone beside node:crypto alone; earlier ones had only node:crypto.
  const nodeCrypto = decode.node_crypto_open_us_per_event as number | undefined;
  const opener =
    nodeCrypto === undefined
      ? 'node:crypto alone'
      : `the native opener alone (node:crypto alone: ${fmt(nodeCrypto, 2)} µs)`;
  return [
    {
      figure: `floor: ${fmt(decode.messages)} of the same messages decoded as the projector decodes them, sealed batches opened on its opening thread, each thread's CPU, beside ${nodeCrypto === undefined ? 'node:crypto' : 'the opener'} alone opening the same payloads (same run)`,
      value:
        `plain ${fmt(thread.plain.process_cpu_us, 2)} µs of CPU per event (${fmt(thread.plain.caller_cpu_us, 2)} on the event loop); ` +
        `sealed ${fmt(thread.sealed.process_cpu_us, 2)} µs (${fmt(thread.sealed.caller_cpu_us, 2)} on the event loop, the rest on the opening thread): ` +
        `${fmt(extra, 2)} µs more per event, of which ${opener}, each payload's base64 decoded and opened with its key at hand, takes ${fmt(alone, 2)} µs ` +
        `and the service's own work ${fmt(extra - alone, 2)} µs` +
        (decode.thread_code_cpu_us_per_event === undefined
          ? ''
          : `; the opening thread's code alone, run on one thread with its port's copies and the caller's reading of each text, ${fmt(decode.thread_code_cpu_us_per_event, 2)} µs per sealed event`),
      goal: 'reference: what opening sealed payloads costs the machine as the projector does it, and how much of that is the AES-256-GCM opening itself',
      met: null,
    },
  ];
}

/** The decoding floor measured on its own (decode-cost.bench.ts), as a table of the report; none without it. */
export function decodingAloneLines(result: { file: string; data: Json } | undefined): string[] {
  const rows = result ? threadDecodeRows(result.data.decode_cost as Json) : [];
  if (!result || rows.length === 0) return [];
  return [
    '### decoding alone, measured on its own',
    '',
    `From \`${result.file}\` (bench/projector/decode-cost.bench.ts, ${String(result.data.when)}: the projector's decoding floor without Kafka or Postgres).`,
    '',
    '| figure | value | goal | met |',
    '|---|---|---|---|',
    ...rows.map(tableLine),
    '',
  ];
}

/** Each round's sealed/plain ratio, and whether the sealed fold came before or after the plain one. */
function sealedRounds(runs: Json[] | undefined): string {
  if (!runs?.some((r) => r.folded !== undefined)) return '';
  const rounds = runs.map((r) => `${fmt(r.ratio_to_plain, 2)} (sealed ${String(r.folded)})`);
  return ` (by round: ${rounds.join(', ')})`;
}

/**
 * The sealed fold beside another build's in the same rounds (projector-sealed-builds.json, a projector
 * run with BENCH_SEALED_BASELINE or BENCH_SEALED_BASELINE_BUILD), as a table of the report; none without it.
 */
export function sealedBesideBuildLines(result: { file: string; data: Json } | undefined): string[] {
  const d = result?.data;
  const baseline = d?.sealed?.baseline as Json | undefined;
  if (!result || !d || !baseline) return [];
  const rounds = (baseline.runs as Json[]).map((r) => `${fmt(r.ratio, 2)} (that build ${String(r.folded)})`);
  const plainRounds = (d.sealed.runs as Json[]).map((r) => fmt(r.ratio_to_plain, 2));
  return [
    '### the sealed fold beside another build’s',
    '',
    `From \`${result.file}\` (${String(d.when)}, ${fmt(d.events)} events, ${String(d.sealed.kafka_client)}, ${fmt(d.repeats)} rounds): the projector benchmark run beside ${baseline.revision ? `the build of ${String(baseline.revision).slice(0, 7)} (in ${String(baseline.build)})` : `the build in ${String(baseline.build)}`}.`,
    '',
    '| figure | value | goal | met |',
    '|---|---|---|---|',
    tableLine({
      figure:
        'projector folding sealed payloads, this build against the other build, each round side by side',
      value: `${fmt(d.sealed.events_per_second)} against ${fmt(baseline.events_per_second)} events/s; ${fmt(baseline.ratio, 3)}x (by round: ${rounds.join(', ')})`,
      goal: 'reference: what a change to the sealed path is worth beside this machine’s noise',
      met: null,
    }),
    tableLine({
      figure: 'projector folding sealed payloads against plain ones, the same run',
      value: `${fmt(d.sealed.ratio_to_plain, 4)}x (by round: ${plainRounds.join(', ')})`,
      goal: 'no more than 15% slower (0.85x or better)',
      met: d.sealed.ratio_to_plain >= 0.85,
    }),
    ...foldCpuLines([
      ['the plain fold', d.by_client?.[String(d.sealed.kafka_client)]?.projector?.runs as Json[] | undefined],
      ['the sealed fold', d.sealed.runs as Json[]],
      ['the other build’s sealed fold', baseline.runs as Json[]],
    ]),
    '',
  ];
}

/**
 * Where each fold's time went: the CPU per event of the projector (by kind of thread, where the runs
 * recorded it), Postgres and the Kafka broker, and the machine's cores busy and stolen, over the span
 * the fold's rate is taken on (medians of the rounds); none for a result made before the runs recorded
 * it.
 */
function foldCpuLines(folds: [string, Json[] | undefined][]): string[] {
  return folds.flatMap(([name, runs]) => {
    const measured = (runs ?? []).filter((r) => r.cpu_us_per_event);
    if (measured.length === 0) return [];
    const of = (pick: (r: Json) => unknown): string => fmt(median(measured.map((r) => Number(pick(r)))), 1);
    const byThread = measured.every((r) => r.cpu_us_per_event.projector_threads)
      ? ` (its event loop ${of((r) => r.cpu_us_per_event.projector_threads.event_loop)}, worker threads ` +
        `${of((r) => r.cpu_us_per_event.projector_threads.worker_threads)}, V8's helpers ` +
        `${of((r) => r.cpu_us_per_event.projector_threads.v8_helpers)}, libuv's pool ` +
        `${of((r) => r.cpu_us_per_event.projector_threads.libuv_pool)})`
      : '';
    return [
      tableLine({
        figure: `CPU per event of ${name}, over its fold (medians of the rounds)`,
        value:
          `projector ${of((r) => r.cpu_us_per_event.projector)} µs${byThread}, Postgres ${of((r) => r.cpu_us_per_event.postgres)} µs, ` +
          `Kafka ${of((r) => r.cpu_us_per_event.kafka)} µs; the machine's cores ${of((r) => r.cpu_us_per_event.machine_busy)} µs busy ` +
          `(${of((r) => 100 * r.machine_busy_share)}% of them), ${of((r) => r.cpu_us_per_event.machine_steal)} µs stolen by the host`,
        goal: 'reference: what bounds a fold on this machine',
        met: null,
      }),
    ];
  });
}
