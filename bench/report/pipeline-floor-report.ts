import { PIPELINE_COUNTED, PIPELINE_READ } from '../partner-api/read-round';
import { type Json, fmt, type Row, run } from './report-format';

/** The pipeline floor's two runs (bench/partner-api/read-round.ts), and the reads each is the floor of. */
const FLOORS = [
  {
    read: 'single read, cache warm',
    share: 'single_warm_vs_pipeline_counted',
    framework: 'pipeline_counted_vs_nest_counted',
    floor: PIPELINE_COUNTED,
    nestFloor: 'the bare Nest floor answering from memory',
  },
  {
    read: 'single read, cache cold',
    share: 'single_cold_vs_pipeline_read',
    framework: 'pipeline_read_vs_nest_read',
    floor: PIPELINE_READ,
    nestFloor: "the bare Nest floor reading with one SELECT per event-loop turn's reads",
  },
] as const;

/**
 * The warm and cold reads against the framework doing the same work (#21's "How": where the time left
 * is spent in a dependency, the dependency measured alone doing the same work becomes the floor and
 * the goal stays the same share of it): each read's share of its pipeline floor, round by round, and
 * that floor's share of the bare Nest floor, what the partner route's pipeline costs the framework.
 * Runs before the pipeline floor was measured have no rows.
 */
export function pipelineFloorRows(d: Json): Row[] {
  const shares = d.shares as Record<string, number> | undefined;
  const byRound = d.shares_by_round as Record<string, number[]> | undefined;
  const rounds = (name: string): string =>
    `median ${fmt(shares![name], 3)}x (${byRound![name]!.map((v) => fmt(v, 3)).join(', ')})`;
  return FLOORS.flatMap(({ read, share, framework, floor, nestFloor }) => {
    const measured = run(d, floor);
    if (!measured || shares?.[share] === undefined || !byRound?.[share]) return [];
    return [
      {
        figure: `floor: ${floor} (same run)`,
        value: `${fmt(measured.requests_per_second)} req/s; its share of ${nestFloor}, round by round: ${rounds(framework)}`,
        goal: "reference: the framework's pipeline as the partner API uses it, without our code (support/nest-pipeline-floor.ts)",
        met: null,
      },
      {
        figure: `${read}, against the framework doing the same work`,
        value: `its share of the pipeline floor above, round by round: ${rounds(share)}`,
        goal: '0.8x that floor (same run) or better: the goal kept as the same share of the dependency measured alone doing the same work',
        met: shares[share] >= 0.8,
      },
    ];
  });
}
