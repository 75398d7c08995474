import { AIRCRAFT_FEATURES, type Flight } from '@pft/contracts';

/** Key order does not matter (a flight read back from jsonb has its keys reordered); values do. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The aircraft's features are a set: their order does not matter, and none listed (`[]`) is what a
 * record without them counts as, so the two are the same (a logbook CSV cannot tell them apart).
 */
function withFeatureSet(flight: Flight): Flight {
  const { features } = flight.aircraft;
  if (features === undefined) return flight;
  const { features: _listed, ...aircraft } = flight.aircraft;
  if (features.length === 0) return { ...flight, aircraft };
  return {
    ...flight,
    aircraft: { ...aircraft, features: AIRCRAFT_FEATURES.filter((f) => features.includes(f)) },
  };
}

/**
 * An empty remark or registration is what a record without one counts as: a logbook CSV writes both as
 * an empty cell, so that its export imports back as the same record.
 */
function withoutEmptyText(flight: Flight): Flight {
  if (flight.remarks !== '' && flight.aircraft.registration !== '') return flight;
  const { remarks, ...rest } = flight;
  const { registration, ...aircraft } = flight.aircraft;
  return {
    ...rest,
    ...(remarks === '' ? {} : { remarks }),
    aircraft: registration === '' ? aircraft : flight.aircraft,
  };
}

/** Whether two stored-form flights are the same record: what tells a replay from a conflict. */
export function sameFlight(a: Flight, b: Flight): boolean {
  return canonical(withFeatureSet(withoutEmptyText(a))) === canonical(withFeatureSet(withoutEmptyText(b)));
}
