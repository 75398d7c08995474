import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { withTestDataSource } from '@pft/testing';
import { readPilotTotals } from './pilot-totals.read-model';

describe('readPilotTotals (real Postgres)', () => {
  let dataSource: DataSource;
  withTestDataSource(2, (made) => (dataSource = made));

  it('reads the active version with the rating breakdown and the partition freshness, and leaves unknown pilots out', async () => {
    const pilot = randomUUID();
    const unknown = randomUUID();
    const complete = new Date('2026-11-22T10:00:00.000Z');
    await dataSource.query(
      `insert into pilot_totals_v1 (pilot_account_id, stream_version, kafka_partition, total_flight_time_minutes,
         actual_instrument_minutes, simulated_instrument_minutes, total_day, flight_count, last_flight_date,
         rating_breakdown, updated_at)
       values ($1, 3, 2, 120, 10, 5, 4, 2, '2026-05-01', '{"sep_land": 70, "mep_land": 50}', now())`,
      [pilot],
    );
    await dataSource.query(
      `insert into projection_offsets (projection, version, kafka_partition, topic, next_offset, complete_through)
       values ('pilot_totals', 1, 2, 't', 10, $1)`,
      [complete],
    );

    const read = await readPilotTotals(dataSource, [pilot.toUpperCase(), unknown]);

    expect([...read.keys()]).toEqual([pilot]);
    const { totals, lastUpdated } = read.get(pilot)!;
    expect(lastUpdated.toISOString()).toBe(complete.toISOString());
    expect(totals.totals.total_flight_time_minutes).toBe(120);
    expect(totals.totals.ifr_minutes).toBe(15);
    expect(totals.landings).toEqual({ total_day: 4, total_night: 0 });
    expect(totals.rating_breakdown).toEqual({ mep_land: 50, sep_land: 70 });
    expect(totals.flight_count).toBe(2);
    expect(totals.last_flight_date).toBe('2026-05-01T00:00:00.000Z');
  });
});
