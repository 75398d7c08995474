import { type ExperienceFacts, type FlightFacts } from '../domain/flight-contribution';
import { type Queryable } from '../read/pilot-totals.read-model';
import { integerArraysLiteral, unquotedArrayLiteral as list } from './pg-array-literal';
import { EXPERIENCE_FLIGHT_COLUMNS } from './projection-tables';

/** The experience columns of `pilot_flights_v<N>`, in the order `storeFlights` sends them. */
const EXPERIENCE_COLUMNS = EXPERIENCE_FLIGHT_COLUMNS.map(([name]) => name);

/** What storeFlights needs of a changed pilot (ChangedPilot). */
interface TouchedFlights {
  pilotId: string;
  /** The flights after the batch. */
  state: { flights: ReadonlyMap<string, FlightFacts> };
  touchedFlights: ReadonlySet<string>;
}

/**
 * Writes the flights the batch touched (ChangedPilot.touchedFlights): deleted ones go, the others are
 * upserted with what they contribute and their experience group's number (`flightGroups`, per
 * changed pilot in the order of its touched flights; null for a pilot not projected for the experience).
 */
export async function storeFlights(
  q: Queryable,
  table: string,
  changed: readonly TouchedFlights[],
  flightGroups: readonly (readonly (number | null)[] | null)[],
): Promise<void> {
  const upserts: { pilotId: string; flightId: string; facts: FlightFacts; group: number | null }[] = [];
  const deletions: { pilotId: string; flightId: string }[] = [];
  changed.forEach((c, i) => {
    const groups = flightGroups[i] ?? null;
    let k = 0;
    for (const flightId of c.touchedFlights) {
      const facts = c.state.flights.get(flightId);
      if (facts) upserts.push({ pilotId: c.pilotId, flightId, facts, group: groups?.[k] ?? null });
      else deletions.push({ pilotId: c.pilotId, flightId });
      k += 1;
    }
  });
  if (deletions.length > 0) {
    await q.query(
      `delete from ${table} f using unnest($1::uuid[], $2::uuid[]) as d (pilot_account_id, flight_id)
        where f.pilot_account_id = d.pilot_account_id and f.flight_id = d.flight_id`,
      [list(deletions.map((d) => d.pilotId)), list(deletions.map((d) => d.flightId))],
    );
  }
  if (upserts.length === 0) return;
  const counted = ['landings_day', 'landings_night', ...COUNT_COLUMNS];
  await q.query(
    `insert into ${table} (pilot_account_id, flight_id, flight_date, kind, category, rating_key, minutes,
                           ${counted.join(', ')}, type_designator, engine, features, group_no)
     select u.p, u.f, u.d::date, u.k, u.c, u.r, u.m::integer[],
            ${counted.map((_, j) => `($10::integer[])[u.i][${j + 1}]`).join(', ')}, u.t, u.e, u.s, u.g
       from unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                   $8::text[], $9::text[], $11::text[], $12::integer[]) with ordinality as u (p, f, d, k, c, r, m, t, e, s, g, i)
     on conflict (pilot_account_id, flight_id) do update set
       flight_date = excluded.flight_date, kind = excluded.kind, category = excluded.category,
       rating_key = excluded.rating_key, minutes = excluded.minutes,
       landings_day = excluded.landings_day, landings_night = excluded.landings_night,
       ${EXPERIENCE_COLUMNS.map((c) => `${c} = excluded.${c}`).join(', ')}, group_no = excluded.group_no`,
    [
      list(upserts.map((u) => u.pilotId)),
      list(upserts.map((u) => u.flightId)),
      list(upserts.map((u) => u.facts.date)),
      list(upserts.map((u) => u.facts.kind)),
      list(upserts.map((u) => u.facts.category)),
      // Free text: left to node-postgres to quote.
      upserts.map((u) => u.facts.rating_key),
      integerArraysLiteral(upserts.map((u) => u.facts.minutes)),
      list(upserts.map((u) => u.facts.experience.type_designator)),
      list(upserts.map((u) => u.facts.experience.engine)),
      countsRowsLiteral(upserts.map((u) => u.facts)),
      // Space-separated: left to node-postgres to quote.
      upserts.map((u) => u.facts.experience.features.join(' ')),
      list(upserts.map((u) => u.group)),
    ],
  );
}

/** The experience counts a flight row keeps, after its landings (FlightFacts.experience). */
const COUNT_COLUMNS = EXPERIENCE_COLUMNS.slice(3) as Exclude<
  keyof ExperienceFacts,
  'type_designator' | 'engine' | 'features'
>[];

/**
 * The flights' landings and experience counts as one two-dimensional array literal, a row per
 * flight in the order of the insert's columns, built in one pass: one parameter in place of eight.
 */
function countsRowsLiteral(facts: readonly FlightFacts[]): string {
  let literal = '{';
  for (let r = 0; r < facts.length; r += 1) {
    const f = facts[r]!;
    literal += `${r === 0 ? '' : ','}{${f.landings_day},${f.landings_night}`;
    for (const column of COUNT_COLUMNS) literal += `,${f.experience[column]}`;
    literal += '}';
  }
  return literal + '}';
}
