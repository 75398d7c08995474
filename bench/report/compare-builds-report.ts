import { type Json, fmt, type Row } from './report-format';

const GOAL = 'no slower than the earlier build (within 5%, the run-to-run noise of this machine)';

/** A compared figure as results before the reads were compared hold it: the POST alone, at the top. */
const postOnly = (d: Json): Json => {
  const figures = (d.figures ?? {}) as Json;
  const ratios = (d.ratios ?? {}) as Json;
  return { figure: 'single-flight POST', floor: 'durable-write floor', ...figures, ...ratios };
};

/** The floor's name without its kind, as short as the report can say it. */
const floorName = (name: unknown): string => (typeof name === 'string' ? name : 'floor').split(':')[0]!;

/** What a result compared: this tree's build against an earlier one, or the builds of two revisions. */
const comparedBuilds = (d: Json): string => {
  const [current, baseline] = [
    String(d.current_revision).slice(0, 7),
    String(d.baseline_revision).slice(0, 7),
  ];
  return d.current_is_this_tree === false
    ? `the build of ${current} against that of ${baseline}`
    : `this build (${current}) against an earlier one (${baseline})`;
};

/** One row per figure compared on two builds, each beside the floor measured in the same rounds. */
const comparedRows = (d: Json): Row[] =>
  ((d.compared_figures as Json[] | undefined) ?? [postOnly(d)]).map((f) => ({
    figure: `${String(f.figure)}, ${comparedBuilds(d)}, ${fmt(d.load?.rounds)} alternating rounds`,
    value:
      `${fmt(f.current_req_s)} against ${fmt(f.baseline_req_s)} req/s (${fmt(f.current_vs_baseline, 3)}x; ` +
      `by round: ${(f.current_vs_baseline_by_round as number[] | undefined)?.join(', ') ?? '?'}); ` +
      `${floorName(f.floor)} ${fmt(f.floor_req_s)} req/s (this build ${fmt(f.current_vs_floor, 3)}x, the earlier ${fmt(f.baseline_vs_floor, 3)}x of it` +
      `${f.current_vs_floor_by_round ? `; by round ${(f.current_vs_floor_by_round as number[]).join(', ')} and ${(f.baseline_vs_floor_by_round as number[]).join(', ')}` : ''})`,
    goal: GOAL,
    met: f.current_vs_baseline >= 0.95,
  }));

const VARIANT_NAMES: Record<string, string> = {
  baseline: 'the earlier build',
  current: 'this build, payloads sealed',
  current_unsealed: 'this build, payloads unsealed',
};

/** The work of one import on each variant, beside the earlier build's (bench/compare/import-work.bench.ts): references, not goals. */
const importWorkRows = (d: Json): Row[] => {
  const summary = (d.summary ?? {}) as Record<string, Json>;
  const earlier = summary.baseline ?? {};
  const against = (value: unknown, base: unknown): string =>
    typeof value === 'number' && typeof base === 'number' && base > 0 ? ` (${fmt(value / base, 2)}x)` : '';
  return Object.entries(summary).map(([variant, w]) => ({
    figure: `one logbook import of ${fmt(d.load?.flights_per_import)} flights, ${VARIANT_NAMES[variant] ?? variant} (${comparedBuilds(d)}; medians of ${fmt(d.load?.rounds)} rounds of ${fmt(d.load?.imports)} imports)`,
    value:
      `${fmt(w.round_trips, 1)} round trips to Postgres, ${fmt(w.kb_to_server)} KB sent; ` +
      `app CPU ${fmt(w.app_cpu_ms, 1)} ms${against(w.app_cpu_ms, earlier.app_cpu_ms)}, ` +
      `Postgres CPU ${fmt(w.postgres_cpu_ms, 1)} ms${against(w.postgres_cpu_ms, earlier.postgres_cpu_ms)}; ` +
      `${fmt(w.database?.tup_inserted)} rows inserted, ${fmt(w.database?.blks_hit)} buffers hit`,
    goal: 'reference: where a gap in the compared imports would show',
    met: null,
  }));
};

export const compareBuildsFigures: Record<string, (data: Json) => Row[]> = {
  'compare-builds': comparedRows,
  'compare-revisions': comparedRows,
  'import-work': importWorkRows,
  'import-work-revisions': importWorkRows,
};
