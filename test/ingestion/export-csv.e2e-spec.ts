import { randomUUID } from 'node:crypto';
import { readLogbookCsv } from '@pft/logbook/domain';
import { randomFlight, seededRandom } from '@pft/testing';
import { asText, ingestionSuite } from './support/ingestion-harness';

describe('pilot app API: GET /pilot/v1/export.csv (e2e)', () => {
  const h = ingestionSuite();

  const today = new Date().toISOString().slice(0, 10);
  const exportCsv = (token: string) => h.as(token).get('/pilot/v1/export.csv').buffer(true).parse(asText);
  const totalsOf = async (token: string) => {
    const res = await h.as(token).get('/pilot/v1/totals').expect(200);
    const { last_updated: _at, ...totals } = res.body.data as Record<string, unknown>;
    return totals;
  };

  it('exports the logbook as CSV that imports into another pilot with the same flights and the same totals', async () => {
    const owner = h.pilot();
    const random = seededRandom(2024);
    const flights = Array.from({ length: 120 }, () => randomFlight(random));
    flights[0] = {
      ...flights[0]!,
      remarks: 'Gusty, "bumpy", with a comma',
      departure: 'EDDF',
      arrival: 'EDFE',
    };
    await h.as(owner.token).post('/pilot/v1/flights/import').send({ flights }).expect(201);
    // A deleted flight is not exported.
    await h.as(owner.token).delete(`/pilot/v1/flights/${flights[1]!.flight_id}`).expect(204);

    const res = await exportCsv(owner.token).expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="logbook.csv"');
    const text = res.body as string;
    const read = readLogbookCsv(text, today, randomUUID);
    expect(read.problems).toEqual([]);
    expect(read.flights).toHaveLength(119);
    const dates = read.flights.map((f) => f.date);
    expect(dates).toEqual([...dates].sort());

    const other = h.pilot();
    await h.as(other.token).post('/pilot/v1/flights/import').send({ flights: read.flights }).expect(201);
    expect(await totalsOf(other.token)).toEqual(await totalsOf(owner.token));
    expect((await exportCsv(other.token).expect(200)).body).toBe(text);
  });

  it('is a header alone for an empty logbook, and needs a pilot token', async () => {
    const res = await exportCsv(h.pilot().token).expect(200);
    expect(res.body).toMatch(/^flight_id,date,kind,category,[a-z_,]+\r\n$/);
    const anonymous = await h.http().get('/pilot/v1/export.csv').expect(401);
    expect(anonymous.body.error.code).toBe('UNAUTHORIZED');
  });
});
