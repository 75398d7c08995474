import { randomUUID } from 'node:crypto';
import { ERASURE_DELETES } from '@pft/privacy';
import { bearer, expectError } from './partner-api.expectations';
import { partnerApiSuite } from './partner-api.harness';

/** Every character of `text` percent-encoded, in lower-case hex digits. */
const encodedWhole = (text: string): string =>
  [...text].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('');
/** Each hyphen as `%2D`, the rest as it is. */
const encodedHyphens = (text: string): string => text.replaceAll('-', '%2D');
/** Each letter percent-encoded (`%61` for `a`, `%41` for `A`), the rest as it is. */
const encodedLetters = (text: string): string =>
  text.replace(/[a-fA-F]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The answers the partner API keeps under an `Idempotency-Key`, over Postgres and Redis, for a path
 * whose pilot_id the partner percent-encoded (the router decodes it): the pilot's erasure deletes them,
 * and the path with and without encoding is one request under a key.
 */
describe('Idempotency-Key on a path with a percent-encoded pilot_id', () => {
  const suite = partnerApiSuite();

  const post = (path: string, key: string) =>
    suite.api
      .http()
      .post(path)
      .set(bearer(suite.partner.key))
      .set('Idempotency-Key', key)
      .set('Content-Type', 'application/json')
      .send('{}');
  /** A connection of a pilot account to the suite's partner: its pilot_id, and the account's id. */
  const linkedPilot = async (): Promise<{ pilotId: string; account: string }> => {
    const [pilotId, account] = [randomUUID(), randomUUID()];
    await suite.api.db.query(
      `insert into connections (connection_id, partner_id, pilot_account_id, linked_at, disconnected_at)
       values ($1, $2, $3, now(), now())`,
      [pilotId, suite.partner.partnerId, account],
    );
    return { pilotId, account };
  };
  /** The keys of the partner's kept answers whose path, decoded, names `pilotId` in any case. */
  const keptNaming = async (pilotId: string): Promise<string[]> =>
    (
      await suite.api.db.query<{ idempotency_key: string; path: string }[]>(
        `select idempotency_key, path from idempotency_keys where partner_id = $1`,
        [suite.partner.partnerId],
      )
    )
      .filter((row) => decodeURIComponent(row.path).toLowerCase().includes(pilotId))
      .map((row) => row.idempotency_key);

  it('reads a pilot_id percent-encoded as the same pilot_id', async () => {
    const { pilotId } = await linkedPilot();
    for (const encoded of [encodedWhole(pilotId), encodedHyphens(pilotId), encodedLetters(pilotId)]) {
      const read = await suite.api
        .http()
        .get(`/v1/pilot-totals?pilot_id=${encoded}`)
        .set(bearer(suite.partner.key));
      // Disconnected: the pilot_id is read, and not found (not refused as malformed).
      expectError(read, 404, 'PILOT_NOT_FOUND');
    }
  });

  it('deletes with the pilot’s erasure the answers kept under a path naming its pilot_id percent-encoded', async () => {
    const erased = await linkedPilot();
    const other = await linkedPilot();
    const paths = (id: string) => [
      `/v1/pilot-totals?pilot_id=${encodedWhole(id)}`,
      `/v1/pilot-totals?pilot_id=${encodedHyphens(id)}`,
      `/v1/sandbox/pilots/${encodedLetters(id.toUpperCase())}/reset`,
      `/v1/sandbox/pilots/${encodedHyphens(id).toLowerCase()}/disconnect`,
    ];
    for (const path of [...paths(erased.pilotId), ...paths(other.pilotId)]) {
      expect([404, 405]).toContain((await post(path, randomUUID())).status);
    }
    expect(await keptNaming(erased.pilotId)).toHaveLength(4);

    await suite.api.db.transaction((tx) => ERASURE_DELETES.idempotencyKeys(tx, erased.account));

    expect(await keptNaming(erased.pilotId)).toEqual([]);
    expect(await keptNaming(other.pilotId)).toHaveLength(4);
  });

  it('takes a path with and without percent-encoded characters for one request under a key', async () => {
    const pilotId = randomUUID();
    const key = randomUUID();
    expectError(await post(`/v1/sandbox/pilots/${encodedHyphens(pilotId)}/reset`, key), 404, 'NOT_FOUND');
    expectError(await post(`/v1/sandbox/pilots/${pilotId}/reset`, key), 404, 'NOT_FOUND');
    for (const encoded of [encodedWhole(pilotId), encodedHyphens(pilotId), encodedLetters(pilotId)]) {
      const again = await post(`/v1/sandbox/pilots/${encoded}/reset`, key);
      expectError(again, 404, 'NOT_FOUND');
      expect(again.headers['idempotent-replayed']).toBe('true');
    }
    // Kept as the router reads it: the pilot_id shows in the path.
    expect(
      await suite.api.db.query(
        `select path from idempotency_keys where partner_id = $1 and idempotency_key = $2`,
        [suite.partner.partnerId, key],
      ),
    ).toEqual([{ path: `/v1/sandbox/pilots/${pilotId}/reset` }]);
    // Another pilot_id, or a path whose escapes decode to other characters, is another request.
    const otherPilot = await post(`/v1/sandbox/pilots/${randomUUID()}/reset`, key);
    expectError(otherPilot, 409, 'IDEMPOTENCY_CONFLICT');
    const otherPath = await post(`/v1/sandbox/pilots/${pilotId}%2Freset`, key);
    expectError(otherPath, 409, 'IDEMPOTENCY_CONFLICT');
  });
});
