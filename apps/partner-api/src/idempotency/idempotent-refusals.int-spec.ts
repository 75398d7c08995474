import { createHash, randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { createPartner } from '@pft/partners';
import { scopeMissing } from '@pft/partners/domain';
import { ApiError } from '@pft/platform';
import { UnreadBody } from '@pft/platform/http/request-body';
import { withTestDataSource } from '@pft/testing';
import { type PartnerRequest } from '../auth/partner-request';
import { IdempotentRefusals } from './idempotent-refusals';
import { fingerprintOf } from './idempotency-key';
import { IdempotencyStore, keptSuccess } from './idempotency.store';

const PATH = '/v1/webhook-endpoints';
const HOOK = Buffer.from('{"url":"https://hooks.example.com/pft"}');

describe('refusals before the handler, kept under the Idempotency-Key (Postgres)', () => {
  let ds: DataSource;
  withTestDataSource(4, (made) => (ds = made));
  let partnerId: string;
  let refusals: IdempotentRefusals;
  let store: IdempotencyStore;
  beforeAll(async () => {
    ({ partnerId } = await createPartner(ds, 'Refusals kept'));
    store = new IdempotencyStore(ds);
    refusals = new IdempotentRefusals(store);
  });

  /** A POST as the guards leave it: its key checked, its body not yet parsed. */
  const request = (key: string | undefined, body: UnreadBody | undefined = undefined): PartnerRequest =>
    ({
      method: 'POST',
      url: PATH,
      id: `req_${randomUUID()}`,
      raw: { rawHeaders: key === undefined ? [] : ['Idempotency-Key', key] },
      partnerKey: { record: { partnerId } },
      body,
    }) as unknown as PartnerRequest;
  const json = (bytes: Buffer) => new UnreadBody('application/json', bytes, undefined);
  const refused = (req: PartnerRequest, refusal: unknown) =>
    refusals.refuse(req, refusal).then(
      () => {
        throw new Error('answered');
      },
      (err: unknown) => err,
    );
  const kept = (key: string) =>
    ds.query<{ status: number; error: string | null }[]>(
      `select response_status as status, response_error as error
         from idempotency_keys where partner_id = $1 and idempotency_key = $2`,
      [partnerId, key],
    );

  it('keeps a missing scope’s 403 and gives it again, replayed, to the same request', async () => {
    const key = randomUUID();
    const refusal = scopeMissing('webhooks');
    expect(await refused(request(key, json(HOOK)), refusal)).toBe(refusal);
    expect(await kept(key)).toEqual([
      { status: 403, error: expect.stringContaining('"code":"INSUFFICIENT_SCOPE"') as string },
    ]);
    const again = (await refused(request(key, json(HOOK)), scopeMissing('webhooks'))) as ApiError;
    expect([again.code, again.headers]).toEqual(['INSUFFICIENT_SCOPE', { 'Idempotent-Replayed': 'true' }]);
    const other = (await refused(request(key, json(Buffer.from('{}'))), refusal)) as ApiError;
    expect([other.code, other.details]).toEqual([
      'IDEMPOTENCY_CONFLICT',
      [{ field: 'Idempotency-Key', issue: 'reused' }],
    ]);
  });

  it('compares a body over the limit by the SHA-256 of what was read to its end', async () => {
    const key = randomUUID();
    const tooLarge = new ApiError('INVALID_REQUEST', 'The request body is larger than 1024 bytes', [
      { field: 'body', issue: 'too_large' },
    ]);
    const over = (text: string) =>
      new UnreadBody('application/json', undefined, tooLarge, createHash('sha256').update(text).digest());
    expect(await refused(request(key, over('a'.repeat(2000))), tooLarge)).toBe(tooLarge);
    const same = (await refused(request(key, over('a'.repeat(2000))), tooLarge)) as ApiError;
    expect(same.headers).toEqual({ 'Idempotent-Replayed': 'true' });
    expect(((await refused(request(key, over('b'.repeat(2000))), tooLarge)) as ApiError).code).toBe(
      'IDEMPOTENCY_CONFLICT',
    );
  });

  it('keeps nothing without a valid key, or for a body cut off unread', async () => {
    const refusal = scopeMissing('webhooks');
    expect(await refused(request(undefined, json(HOOK)), refusal)).toBe(refusal);
    expect(await refused(request('', json(HOOK)), refusal)).toBe(refusal);
    const key = randomUUID();
    const cutOff = new UnreadBody('application/json', undefined, refusal, undefined);
    expect(await refused(request(key, cutOff), refusal)).toBe(refusal);
    expect(await kept(key)).toEqual([]);
  });

  it('never gives a success kept under the key to a request refused: its own refusal', async () => {
    const key = randomUUID();
    const first = `req_${randomUUID()}`;
    await store.claim(partnerId, key, fingerprintOf('POST', PATH, HOOK), first);
    await store.keep(
      { partnerId, key, requestId: first },
      keptSuccess(201, { id: 'we_1', secret: 'whsec_x' }),
    );
    const refusal = scopeMissing('webhooks');
    expect(await refused(request(key, json(HOOK)), refusal)).toBe(refusal);
    expect(await kept(key)).toEqual([{ status: 201, error: null }]);
  });
});
