import { type DataSource } from 'typeorm';
import { TOTALS_FIELDS } from '@pft/contracts';
import { bearer } from './partner-api.expectations';
import { connection } from './partner-api.factories';
import { type PartnerApiUnderTest } from './partner-api.harness';

/** The scope a key needs for POST /v1/pilot-requirements/check. */
export const SCOPES = ['pilot-requirements'] as const;

/** A pilot linked to the partner, sharing their experience (or not): the partner's pilot_id. */
export async function linked(db: DataSource, partnerId: string, shares = true): Promise<string> {
  const { pilotId } = await connection(db, partnerId);
  await db.query('update connections set shares_experience = $2 where connection_id = $1', [pilotId, shares]);
  return pilotId;
}

/** `n` valid requirements, each named apart. */
export const requirements = (n = 1, tag = 'r') =>
  Array.from({ length: n }, (_, i) => ({
    id: `${tag}${i}`,
    metric: 'total_flight_time_minutes',
    at_least: i,
  }));

/** POST /v1/pilot-requirements/check of `body` to `api` under `key`, with `headers`. */
export const checkOf = (
  api: PartnerApiUnderTest,
  key: string,
  body: unknown,
  headers: Record<string, string> = {},
) =>
  api
    .http()
    .post('/v1/pilot-requirements/check')
    .set({ ...bearer(key), ...headers })
    .send(body as object);

/** The parts of an experience answer (GET /v1/pilot-experience `data`) a requirement reads. */
export interface ExperienceFigures {
  lifetime: {
    totals: Record<string, number>;
    flight_count: number;
    landings: { total_day: number; total_night: number };
    approaches: number;
  };
  windows: Record<
    string,
    {
      totals: Record<string, number>;
      flight_count: number;
      landings: { day: number; night: number };
      approaches: number;
    }
  >;
  by_aircraft_type: (Record<string, number> & { type_designator: string })[];
  by_engine: Record<string, Record<string, number>>;
  by_feature: Record<string, Record<string, number>>;
  currency: { rule: string; group: string; status: string }[];
}

/** A requirement as a partner sends it, with the verdict the experience's figures give it. */
export interface ExpectedVerdict {
  requirement: Record<string, unknown>;
  met: boolean;
}

const METRICS = [...TOTALS_FIELDS, 'flight_count', 'landings_day', 'landings_night', 'approaches'];

type Source = ExperienceFigures['windows'][string];

/** A metric of the lifetime or of a window, read as the spec names it. */
function metricOf(source: Source, metric: string): number {
  if (metric === 'flight_count') return source.flight_count;
  if (metric === 'landings_day') return source.landings.day;
  if (metric === 'landings_night') return source.landings.night;
  if (metric === 'approaches') return source.approaches;
  return source.totals[metric]!;
}

/**
 * Each filter and metric of `pilot-experience.md` 5 with its figure in `experience` (the answer of the
 * experience read): the lifetime's and the last 90 days' every metric, the other windows' time and
 * flights, the type designator breakdown (one, a list, and its last 12 months), every engine key and
 * feature, and each metric of one engine and one feature.
 */
export function figuresOf(
  experience: ExperienceFigures,
): { filter: Record<string, unknown>; figure: number }[] {
  const { lifetime } = experience;
  const lifetimeSource: Source = {
    totals: lifetime.totals,
    flight_count: lifetime.flight_count,
    landings: { day: lifetime.landings.total_day, night: lifetime.landings.total_night },
    approaches: lifetime.approaches,
  };
  const typeSum = (designators: string[], field: string): number =>
    experience.by_aircraft_type
      .filter((entry) => designators.includes(entry.type_designator))
      .reduce((sum, entry) => sum + entry[field]!, 0);
  const [first, second] = experience.by_aircraft_type.map((entry) => entry.type_designator);
  const types = [first!, second!, 'B739'];
  return [
    ...METRICS.map((metric) => ({ filter: { metric }, figure: metricOf(lifetimeSource, metric) })),
    ...METRICS.map((metric) => ({
      filter: { metric, window: 'last_90_days' },
      figure: metricOf(experience.windows.last_90_days!, metric),
    })),
    ...['last_6_months', 'last_12_months', 'last_24_months'].flatMap((window) =>
      ['total_flight_time_minutes', 'flight_count', 'landings_night'].map((metric) => ({
        filter: { metric, window },
        figure: metricOf(experience.windows[window]!, metric),
      })),
    ),
    ...['total_flight_time_minutes', 'pic_minutes', 'sic_minutes', 'flight_count'].flatMap((metric) => [
      { filter: { metric, type_designator: first }, figure: typeSum([first!], metric) },
      { filter: { metric, type_designator: types }, figure: typeSum(types, metric) },
    ]),
    {
      filter: { metric: 'total_flight_time_minutes', type_designator: types, window: 'last_12_months' },
      figure: typeSum(types, 'last_12_months_minutes'),
    },
    ...Object.keys(experience.by_engine).map((engine) => ({
      filter: { metric: 'total_flight_time_minutes', engine },
      figure: experience.by_engine[engine]!.total_flight_time_minutes!,
    })),
    ...['pic_minutes', 'sic_minutes', 'multi_engine_minutes', 'flight_count'].map((metric) => ({
      filter: { metric, engine: 'turbine' },
      figure: experience.by_engine.turbine![metric]!,
    })),
    ...Object.keys(experience.by_feature).map((feature) => ({
      filter: { metric: 'total_flight_time_minutes', feature },
      figure: experience.by_feature[feature]!.total_flight_time_minutes!,
    })),
    ...['pic_minutes', 'flight_count'].map((metric) => ({
      filter: { metric, feature: 'high_performance' },
      figure: experience.by_feature.high_performance![metric]!,
    })),
  ];
}

/**
 * Every figure of figuresOf at its boundary: a threshold equal to it (met), one above (not met) and
 * one below (met; none below 0); and each currency entry of the experience, met when `current`.
 */
export function boundaryVerdicts(experience: ExperienceFigures): ExpectedVerdict[] {
  let n = 0;
  const id = (): string => `r${n++}`;
  const thresholds = figuresOf(experience).flatMap(({ filter, figure }) =>
    [
      { at_least: figure, met: true },
      { at_least: figure + 1, met: false },
      ...(figure > 0 ? [{ at_least: figure - 1, met: true }] : []),
    ].map(({ at_least, met }) => ({ requirement: { id: id(), ...filter, at_least }, met })),
  );
  const currency = experience.currency.map((entry) => ({
    requirement: { id: id(), currency: entry.rule, group: entry.group },
    met: entry.status === 'current',
  }));
  return [...thresholds, ...currency];
}

/** The JSON paths of every number in `value` (an answer's `data` must have none). */
export function numbersIn(value: unknown, path = 'data'): string[] {
  if (typeof value === 'number') return [path];
  if (Array.isArray(value)) return value.flatMap((item, i) => numbersIn(item, `${path}[${i}]`));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => numbersIn(item, `${path}.${key}`));
  return [];
}

/** `items` in lists of at most `size`. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
