import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { withTestDataSource } from '@pft/testing';
import { ERASURE_DELETES } from './erasure.statements';

describe('the erasure’s delete of the partners’ stored answers naming the pilot (Idempotency-Key)', () => {
  let ds: DataSource;
  withTestDataSource(2, (made) => (ds = made));

  const partner = async (): Promise<string> => {
    const id = randomUUID();
    await ds.query(`insert into partners (partner_id, name) values ($1, $2)`, [id, `partner ${id}`]);
    return id;
  };
  const kept = async (partnerId: string, path: string, responseData: string | null): Promise<string> => {
    const key = randomUUID();
    await ds.query(
      `insert into idempotency_keys (partner_id, idempotency_key, method, path, body_sha256, request_id,
                                     created_at, expires_at, completed_at, response_status, response_data)
       values ($1, $2, 'POST', $3, '\\x00', 'req_1', now(), now() + interval '1 day', now(), 405, $4)`,
      [partnerId, key, path, responseData],
    );
    return key;
  };
  /** A pilot's connection to the partner, linked and already ended (as the erasure finds them). */
  const disconnected = async (
    partnerId: string,
    connectionId: string = randomUUID(),
  ): Promise<{ pilot: string; connectionId: string }> => {
    const pilot = randomUUID();
    await ds.query(
      `insert into connections (connection_id, partner_id, pilot_account_id, linked_at, disconnected_at)
       values ($1, $2, $3, now(), now())`,
      [connectionId, partnerId, pilot],
    );
    return { pilot, connectionId };
  };
  const keysOf = async (partnerId: string): Promise<string[]> =>
    (
      await ds.query<{ idempotency_key: string }[]>(
        `select idempotency_key from idempotency_keys where partner_id = $1 order by idempotency_key`,
        [partnerId],
      )
    ).map((r) => r.idempotency_key);

  it('deletes those naming one of its pilot_ids however the partner wrote it, and no other partner’s', async () => {
    const [linked, other] = [await partner(), await partner()];
    const { pilot, connectionId } = await disconnected(linked);
    const upper = connectionId.toUpperCase();
    await kept(linked, `/v1/pilot-totals?pilot_id=${upper}`, null);
    await kept(linked, '/v1/link', JSON.stringify({ pilot_id: connectionId }));
    const unrelated = await kept(linked, `/v1/pilot-totals?pilot_id=${randomUUID()}`, null);
    const othersOwn = await kept(other, `/v1/pilot-totals?pilot_id=${upper}`, null);

    await ds.transaction((tx) => ERASURE_DELETES.idempotencyKeys(tx, pilot));

    expect(await keysOf(linked)).toEqual([unrelated]);
    expect(await keysOf(other)).toEqual([othersOwn]);
  });

  it('deletes those whose path names one of its pilot_ids percent-encoded, as a path was kept before normalising', async () => {
    const [linked, other] = [await partner(), await partner()];
    // A letter first: a digit's escape ends in the digit itself (`%35` for `5`), so `%25` before the
    // escape's digits (below) would leave the whole pilot_id in the path after all.
    const { pilot, connectionId } = await disconnected(linked, `a${randomUUID().slice(1)}`);
    const hex = (c: string) => c.charCodeAt(0).toString(16);
    const whole = [...connectionId].map((c) => `%${hex(c)}`).join('');
    const upperLetters = connectionId.toUpperCase().replace(/[A-F]/g, (c) => `%${hex(c).toUpperCase()}`);
    await kept(linked, `/v1/pilot-totals?pilot_id=${whole}`, null);
    await kept(linked, `/v1/sandbox/pilots/${connectionId.replaceAll('-', '%2D')}/reset`, null);
    await kept(linked, `/v1/sandbox/pilots/${connectionId.replaceAll('-', '%2d')}/reset`, null);
    await kept(linked, `/v1/sandbox/pilots/${upperLetters}%2Freset`, null);
    // `%25` is a percent sign: decoded once, as the router does, this names no pilot_id.
    const escapedPercent = await kept(linked, `/v1/pilot-totals?pilot_id=%25${whole.slice(1)}`, null);
    const unrelated = await kept(
      linked,
      `/v1/pilot-totals?pilot_id=%${hex('a')}${randomUUID().slice(1)}`,
      null,
    );
    const othersOwn = await kept(other, `/v1/pilot-totals?pilot_id=${whole}`, null);

    await ds.transaction((tx) => ERASURE_DELETES.idempotencyKeys(tx, pilot));

    expect(await keysOf(linked)).toEqual([escapedPercent, unrelated].sort());
    expect(await keysOf(other)).toEqual([othersOwn]);
  });
});
