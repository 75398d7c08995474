import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { storedFlight } from './flight-body';
import { jsonbText } from './relay-layout';
import { TEST_DATABASE_URL } from './test-database';

describe('jsonbText', () => {
  const client = new Client({ connectionString: TEST_DATABASE_URL });
  beforeAll(() => client.connect());
  afterAll(() => client.end());

  const postgresText = async (value: unknown): Promise<string> =>
    (await client.query<{ text: string }>('select $1::jsonb::text as text', [JSON.stringify(value)])).rows[0]!
      .text;

  const flight = storedFlight({ remarks: 'Übungsflug, "quoted", \\ and\nnew line\t✈' });

  it.each([
    [
      'a sealed payload',
      { pilot_account_id: randomUUID(), sealed: { alg: 'A256GCM', key_id: randomUUID(), data: 'AAE+/w==' } },
    ],
    ['a flight payload', { pilot_account_id: randomUUID(), flight }],
    ['metadata', { request_id: 'req_1', causation_id: randomUUID(), command_last_version: 3 }],
    ['nothing', {}],
    ['control characters and escapes', { s: 'a\u0001b\u001fc\u007f\b\f\r/\\"' }],
    [
      'keys of the same length, numbers and arrays',
      { bb: 1, ab: [1, 2.5, -3, null, true], a: { z: [], y: {} }, é: 'x', e: 'y' },
    ],
  ])('writes %s as Postgres writes it', async (_what, value) => {
    expect(jsonbText(value)).toBe(await postgresText(value));
  });
});
