import { type DataSource } from 'typeorm';
import { withTestDataSource } from '@pft/testing';
import { isoTimestamp } from './iso-timestamp';

describe('isoTimestamp (Postgres)', () => {
  let ds: DataSource;
  withTestDataSource(1, (made) => (ds = made));

  it('writes a timestamptz as toISOString() writes the Date the driver makes of it', async () => {
    const given = [
      '2026-11-29 18:30:00+00',
      '2026-11-29 18:30:00.5+00',
      '2026-11-29 18:30:00.1239+00',
      '2026-11-29 23:59:59.9996+00',
      '2026-11-30 01:15:00.042+03',
      '1999-12-31 23:59:59.999999-08',
    ];
    const rows = await ds.query<{ at: Date; text: string }[]>(
      `select t as at, ${isoTimestamp('t')} as text from unnest($1::timestamptz[]) as t`,
      [given],
    );
    expect(rows).toHaveLength(given.length);
    for (const { at, text } of rows) expect(text).toBe(at.toISOString());
    expect(rows.map(({ text }) => text)).toContain('2026-11-29T22:15:00.042Z');
  });
});
