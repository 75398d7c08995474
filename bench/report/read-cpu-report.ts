import { median } from '../support/kafka-clients';
import { type Json, fmt, type Row } from './report-format';

type Process = 'server' | 'postgres' | 'redis' | 'load generator';
const PROCESSES: Process[] = ['server', 'postgres', 'redis', 'load generator'];

/** A run's rounds as the partner benchmark records them (bench/partner-api/read-cpu.ts). */
interface RoundCpu {
  cpu_us_per_request?: Record<Process, number>;
  statements_per_request?: number;
  /** The server's bytes allocated per request, in KB (support/pause-probe.ts; runs since it was added). */
  allocated_kb_per_request?: number | null;
}

interface Medians {
  us: Record<Process, number>;
  statements: number;
  allocatedKb: number | undefined;
}

/**
 * The medians over the rounds of each process's CPU per request, of the statements per request and of
 * the server's bytes allocated per request.
 */
function medians(rounds: RoundCpu[]): Medians | undefined {
  const measured = rounds.filter((r) => r.cpu_us_per_request !== undefined);
  if (measured.length === 0) return undefined;
  const us = Object.fromEntries(
    PROCESSES.map((p) => [p, median(measured.map((r) => r.cpu_us_per_request![p]))]),
  ) as Record<Process, number>;
  const allocated = measured.flatMap((r) =>
    typeof r.allocated_kb_per_request === 'number' ? [r.allocated_kb_per_request] : [],
  );
  return {
    us,
    statements: median(measured.map((r) => r.statements_per_request ?? 0)),
    allocatedKb: allocated.length > 0 ? median(allocated) : undefined,
  };
}

const total = (us: Record<Process, number>): number => PROCESSES.reduce((sum, p) => sum + us[p], 0);

const described = ({ us, statements, allocatedKb }: Medians): string =>
  `${PROCESSES.map((p) => `${p} ${fmt(us[p])}`).join(', ')}; total ${fmt(total(us))}; ${fmt(statements, 3)} statements per request` +
  (allocatedKb === undefined ? '' : `; the server allocated ${fmt(allocatedKb, 1)} KB per request`);

/**
 * Where the warm and cold reads' CPU goes beside their Nest floors' and, in runs that have them, their
 * pipeline floors' (runs since `cpu_by_round` was recorded): the medians over the rounds of the CPU
 * microseconds each process used per answered request, and the median of each round's read over its
 * floor, process by process.
 */
export function readCpuRows(d: Json): Row[] {
  const byRound = d.cpu_by_round as Record<string, RoundCpu[]> | undefined;
  if (!byRound) return [];
  return (
    [
      [
        'warm',
        'nestCounted',
        'single read, cache warm',
        "the warm read's floor (bare Nest, answer in memory)",
      ],
      [
        'cold',
        'nestRead',
        'single read, cache cold',
        "the cold read's floor (bare Nest, one SELECT per event-loop turn's reads)",
      ],
      [
        'warm',
        'pipelineCounted',
        'single read, cache warm, against the framework doing the same work',
        "the warm read's pipeline floor (bare Nest through the partner route's pipeline, answer in memory)",
      ],
      [
        'cold',
        'pipelineRead',
        'single read, cache cold, against the framework doing the same work',
        "the cold read's pipeline floor (bare Nest through the partner route's pipeline, one SELECT per event-loop turn's reads)",
      ],
    ] as const
  ).flatMap(([read, floor, readName, floorName]) => {
    const reads = byRound[read] ?? [];
    const floors = byRound[floor] ?? [];
    const app = medians(reads);
    const base = medians(floors);
    if (!app || !base) return [];
    // The read over its floor round by round (the two measured one after the other), then the median:
    // the machine's speed moves CPU per request between rounds as much as it moves the rates.
    const paired = reads.flatMap((r, n) =>
      r.cpu_us_per_request && floors[n]?.cpu_us_per_request
        ? [{ app: r.cpu_us_per_request, floor: floors[n].cpu_us_per_request }]
        : [],
    );
    const over = (of: (us: Record<Process, number>) => number): string =>
      fmt(median(paired.map(({ app, floor }) => of(app) / Math.max(1, of(floor)))), 2);
    // A process the floor does not use (Postgres, for reads from memory) has no ratio.
    const byProcess = PROCESSES.filter((p) => base.us[p] > 0)
      .map((p) => `${p} ${over((us) => us[p])}x`)
      .join(', ');
    return [
      {
        figure: `${readName}: CPU per request by process, in µs${app.allocatedKb === undefined ? '' : ', and what the server allocated'} (medians of the rounds)`,
        value: `${described(app)}; beside ${floorName}: ${described(base)}; the read over its floor, the median of the rounds': ${byProcess}, in all ${over(total)}x`,
        goal: 'reference: where the read costs more than its floor (every process shares the two cores)',
        met: null,
      },
    ];
  });
}
