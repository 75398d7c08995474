import { AIRCRAFT_FEATURES, type AircraftFeature } from '@pft/contracts';
import { WINDOW_NAMES, type EngineKey, type FeatureEntry, type EngineEntry } from '@pft/totals/domain';
import { type OwnExperience } from '../api/types';
import { StackedTable, type Column } from '../components/stacked-table';
import { ENGINE_LABELS, FEATURE_LABELS, WINDOW_LABELS, dayNight } from '../experience-labels';
import { hoursMinutes } from '../format';

/** A row of the windows table: a window, or all the time up to the date. */
interface PeriodRow {
  key: string;
  label: string;
  range: string;
  totals: OwnExperience['lifetime']['totals'];
  landings: { day: number; night: number };
  takeoffs: { day: number; night: number };
  approaches: number;
  holds: number;
  flight_count: number;
}

const time = (minutes: number) => <span data-minutes={minutes}>{hoursMinutes(minutes)}</span>;

const PERIOD_COLUMNS: readonly Column<PeriodRow>[] = [
  { label: 'Total time', cell: (r) => time(r.totals.total_flight_time_minutes) },
  { label: 'PIC', cell: (r) => time(r.totals.pic_minutes) },
  { label: 'Night', cell: (r) => time(r.totals.night_minutes) },
  { label: 'IFR', cell: (r) => time(r.totals.ifr_minutes) },
  { label: 'Landings day / night', cell: (r) => dayNight(r.landings) },
  { label: 'Takeoffs day / night', cell: (r) => dayNight(r.takeoffs) },
  { label: 'Approaches', cell: (r) => r.approaches },
  { label: 'Holds', cell: (r) => r.holds },
  { label: 'Flights', cell: (r) => r.flight_count },
];

function periodRows(experience: OwnExperience): PeriodRow[] {
  const { lifetime } = experience;
  return [
    ...WINDOW_NAMES.map((name) => {
      const w = experience.windows[name];
      return { key: name, label: WINDOW_LABELS[name], range: `${w.from} to ${w.to}`, ...w };
    }),
    {
      key: 'lifetime',
      label: 'All time',
      range: `to ${experience.as_of}, with starting totals`,
      totals: lifetime.totals,
      landings: { day: lifetime.landings.total_day, night: lifetime.landings.total_night },
      takeoffs: lifetime.takeoffs,
      approaches: lifetime.approaches,
      holds: lifetime.holds,
      flight_count: lifetime.flight_count,
    },
  ];
}

/** The four windows ending on the date, and all the time up to it. */
export function WindowsTable({ experience }: { experience: OwnExperience }) {
  return (
    <StackedTable
      caption="Recent flying (hours:minutes)"
      rowLabel="Period"
      rows={periodRows(experience)}
      rowKey={(r) => r.key}
      rowHeader={(r) => (
        <>
          {r.label} <span class="small range">{r.range}</span>
        </>
      )}
      columns={PERIOD_COLUMNS}
    />
  );
}

type TypeRow = OwnExperience['by_aircraft_type'][number];

const TYPE_COLUMNS: readonly Column<TypeRow>[] = [
  { label: 'Total time', cell: (r) => time(r.total_flight_time_minutes) },
  { label: 'PIC', cell: (r) => time(r.pic_minutes) },
  { label: 'SIC', cell: (r) => time(r.sic_minutes) },
  { label: 'Last 12 months', cell: (r) => time(r.last_12_months_minutes) },
  { label: 'Flights', cell: (r) => r.flight_count },
  { label: 'Last flight', cell: (r) => r.last_flight_date.slice(0, 10) },
];

export function AircraftTypeTable({ experience }: { experience: OwnExperience }) {
  if (experience.by_aircraft_type.length === 0) {
    return <p>No flight with a type designator on or before this date.</p>;
  }
  return (
    <StackedTable
      caption="Time by aircraft type (hours:minutes)"
      rowLabel="Type"
      rows={experience.by_aircraft_type}
      rowKey={(r) => r.type_designator}
      rowHeader={(r) => r.type_designator}
      columns={TYPE_COLUMNS}
    />
  );
}

const ENGINE_COLUMNS: readonly Column<[EngineKey, EngineEntry]>[] = [
  { label: 'Total time', cell: ([, e]) => time(e.total_flight_time_minutes) },
  { label: 'PIC', cell: ([, e]) => time(e.pic_minutes) },
  { label: 'SIC', cell: ([, e]) => time(e.sic_minutes) },
  { label: 'Multi-engine', cell: ([, e]) => time(e.multi_engine_minutes) },
  { label: 'Flights', cell: ([, e]) => e.flight_count },
];

/** Engines with flights, in the answer's order (turbine, the sum of the three turbines, last). */
export function EngineTable({ experience }: { experience: OwnExperience }) {
  const rows = (Object.entries(experience.by_engine) as [EngineKey, EngineEntry][]).filter(
    ([, e]) => e.flight_count > 0,
  );
  if (rows.length === 0) return <p>No flight on or before this date.</p>;
  return (
    <StackedTable
      caption="Time by engine (hours:minutes)"
      rowLabel="Engine"
      rows={rows}
      rowKey={([key]) => key}
      rowHeader={([key]) => ENGINE_LABELS[key] ?? key}
      columns={ENGINE_COLUMNS}
    />
  );
}

const FEATURE_COLUMNS: readonly Column<[AircraftFeature, FeatureEntry]>[] = [
  { label: 'Total time', cell: ([, f]) => time(f.total_flight_time_minutes) },
  { label: 'PIC', cell: ([, f]) => time(f.pic_minutes) },
  { label: 'Flights', cell: ([, f]) => f.flight_count },
];

/** Features with flights, in the order the flight form lists them. */
export function FeatureTable({ experience }: { experience: OwnExperience }) {
  const rows = AIRCRAFT_FEATURES.map((key): [AircraftFeature, FeatureEntry] => [
    key,
    experience.by_feature[key],
  ]).filter(([, f]) => f.flight_count > 0);
  if (rows.length === 0)
    return <p>No flight in an aircraft with one of these features on or before this date.</p>;
  return (
    <StackedTable
      caption="Time by aircraft feature (hours:minutes)"
      rowLabel="Feature"
      rows={rows}
      rowKey={([key]) => key}
      rowHeader={([key]) => FEATURE_LABELS[key]}
      columns={FEATURE_COLUMNS}
    />
  );
}
