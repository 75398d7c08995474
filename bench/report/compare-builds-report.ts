import { type Json, fmt, type Row } from './report-format';

const GOAL = 'no slower than the earlier build (within 5%, the run-to-run noise of this machine)';

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
  ((d.compared_figures as Json[] | undefined) ?? []).map((f) => ({
    figure: `${String(f.figure)}, ${comparedBuilds(d)}, ${fmt(d.load?.rounds)} alternating rounds`,
    value:
      `${fmt(f.current_req_s)} against ${fmt(f.baseline_req_s)} ${String(f.unit ?? 'req/s')} (${fmt(f.current_vs_baseline, 3)}x; ` +
      `by round: ${(f.current_vs_baseline_by_round as number[]).join(', ')}); ` +
      `${String(f.floor).split(':')[0]} ${fmt(f.floor_req_s)} ${String(f.unit ?? 'req/s')} (this build ${fmt(f.current_vs_floor, 3)}x, the earlier ${fmt(f.baseline_vs_floor, 3)}x of it; ` +
      `by round ${(f.current_vs_floor_by_round as number[]).join(', ')} and ${(f.baseline_vs_floor_by_round as number[]).join(', ')})`,
    goal: GOAL,
    met: f.current_vs_baseline >= 0.95,
  }));

export const compareBuildsFigures: Record<string, (data: Json) => Row[]> = {
  'compare-builds': comparedRows,
  'compare-revisions': comparedRows,
};
