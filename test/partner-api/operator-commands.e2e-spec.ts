import { randomUUID } from 'node:crypto';
import { Command } from 'commander';
import { registerKeysCommands } from '../../apps/cli/src/commands/keys.command';
import { registerPartnersCommands } from '../../apps/cli/src/commands/partners.command';
import { type Output } from '../../apps/cli/src/output/output';
import { bearer, expectError } from './partner-api.expectations';
import { partnerWithKey } from './partner-api.factories';
import { startPartnerApi, type PartnerApiUnderTest } from './partner-api.harness';

/** Runs `pft <args>` in this process against the app's database and Redis prefix; answers what it printed. */
async function pft(...args: string[]): Promise<{ lines: string[]; warnings: string[] }> {
  const lines: string[] = [];
  const warnings: string[] = [];
  const out: Output = { print: (l) => lines.push(l), warn: (l) => warnings.push(l) };
  const program = new Command('pft').exitOverride();
  registerPartnersCommands(program, out);
  registerKeysCommands(program, out);
  await program.parseAsync(['node', 'pft', ...args]);
  return { lines, warnings };
}

describe('pft partners and pft keys against the partner API', () => {
  let api: PartnerApiUnderTest;

  beforeAll(async () => {
    // The harness points DATABASE_URL and PARTNER_REDIS_PREFIX of this process at the app's.
    api = await startPartnerApi();
  });
  afterAll(() => api.close());

  const totals = (key: string) =>
    api.http().get(`/v1/pilot-totals?pilot_id=${randomUUID()}`).set(bearer(key));
  const dictionary = (key: string) => api.http().get('/v1/rating-dictionary').set(bearer(key));

  it('creates a partner and a key that works at once, printed once, with default scope and limit', async () => {
    const created = await pft('partners', 'create', 'Example Airways', '--json');
    const partner = JSON.parse(created.lines[0]!) as { partner_id: string; name: string };
    expect(partner.name).toBe('Example Airways');

    const plain = await pft('keys', 'create', '--partner', partner.partner_id);
    const key = plain.lines[0]!;
    expect(key).toMatch(/^pft_live_[0-9A-Za-z]{32}$/);
    expect(plain.warnings.join()).toContain('shown this once');
    const answer = await totals(key);
    expect(answer.status).toBe(404);
    expect(answer.headers['ratelimit-limit']).toBe('100');
    expectError(await dictionary(key), 403, 'INSUFFICIENT_SCOPE');

    const [{ n }] = await api.db.query(
      'select count(*)::int as n from api_keys where secret_hash = $1 or prefix = $2',
      [Buffer.from(key), key],
    );
    expect(n).toBe(0);

    const listed = await pft('partners', 'list', '--json');
    expect(JSON.parse(listed.lines[0]!)).toEqual(
      expect.arrayContaining([expect.objectContaining({ partner_id: partner.partner_id })]),
    );
  });

  it('lists keys by prefix, changes scopes and limit, and revokes, each effective at once', async () => {
    const { partner_id: partnerId } = JSON.parse(
      (await pft('partners', 'create', 'Second Air', '--json')).lines[0]!,
    );
    const issued = JSON.parse(
      (await pft('keys', 'create', '--partner', partnerId, '--scopes', '', '--rate-limit', '7', '--json'))
        .lines[0]!,
    ) as { key: string; prefix: string; scopes: string[]; rate_limit: number };
    expect(issued).toMatchObject({ scopes: [], rate_limit: 7 });
    expect(issued.key.startsWith(issued.prefix)).toBe(true);
    expectError(await totals(issued.key), 403, 'INSUFFICIENT_SCOPE');

    const table = await pft('keys', 'list', '--partner', partnerId);
    expect(table.lines[0]).toBe('prefix\tpartner\tscopes\tlimit/min\tcreated\trevoked');
    expect(table.lines[1]).toMatch(new RegExp(`^${issued.prefix}\\t${partnerId}\\t-\\t7\\t\\S+\\t-$`));
    expect(table.lines.join('\n')).not.toContain(issued.key);

    expect((await pft('keys', 'scopes', issued.prefix, 'pilot-totals,rating-dictionary')).warnings).toEqual(
      [],
    );
    await pft('keys', 'limit', issued.prefix, '500');
    const after = await dictionary(issued.key);
    expect(after.status).toBe(200);
    expect(after.headers['ratelimit-limit']).toBe('500');

    await pft('keys', 'revoke', issued.prefix);
    expectError(await totals(issued.key), 401, 'UNAUTHORIZED');
    const listed = JSON.parse((await pft('keys', 'list', '--partner', partnerId, '--json')).lines[0]!);
    expect(listed[0].revoked_at).not.toBeNull();
  });

  it('grants requirement checks only when asked for: --scopes pilot-requirements', async () => {
    const { partner_id: partnerId } = JSON.parse(
      (await pft('partners', 'create', 'Checks Air', '--json')).lines[0]!,
    );
    const keyOf = async (...scopes: string[]) =>
      (
        JSON.parse((await pft('keys', 'create', '--partner', partnerId, ...scopes, '--json')).lines[0]!) as {
          key: string;
        }
      ).key;
    const check = (key: string) =>
      api
        .http()
        .post('/v1/pilot-requirements/check')
        .set(bearer(key))
        .send({ pilot_id: randomUUID(), requirements: [{ id: 'tt', metric: 'pic_minutes', at_least: 1 }] });
    expectError(await check(await keyOf()), 403, 'INSUFFICIENT_SCOPE');
    expectError(await check(await keyOf('--scopes', 'pilot-requirements')), 404, 'PILOT_NOT_FOUND');
  });

  it('keeps a revocation effective at once when Redis cannot be told: it waits out the replicas memory', async () => {
    // A partner API that remembers key lookups for 1.5 s, and the command line without Redis.
    // (The harness points this process's environment at the new app; it is put back after.)
    const environment = { ...process.env };
    const remembering = await startPartnerApi({ PARTNER_API_KEY_CACHE_MS: '1500' });
    try {
      const partner = await partnerWithKey(remembering.db);
      const read = () =>
        remembering.http().get(`/v1/pilot-totals?pilot_id=${randomUUID()}`).set(bearer(partner.key));
      expectError(await read(), 404, 'PILOT_NOT_FOUND');
      expectError(await read(), 404, 'PILOT_NOT_FOUND');

      process.env.REDIS_URL = 'redis://127.0.0.1:1';
      const revoked = await pft('keys', 'revoke', partner.prefix);
      expect(revoked.warnings.join('\n')).toMatch(/could not be told.*Waiting 2 s/s);
      expectError(await read(), 401, 'UNAUTHORIZED');
    } finally {
      await remembering.close();
      for (const name of Object.keys(process.env)) if (!(name in environment)) delete process.env[name];
      Object.assign(process.env, environment);
    }
  });

  it('refuses unknown scopes and bad limits, and names a missing key', async () => {
    await expect(pft('keys', 'create', '--partner', randomUUID(), '--scopes', 'admin')).rejects.toThrow(
      /unknown scope/,
    );
    await expect(pft('keys', 'limit', 'pft_live_nothing', '0')).rejects.toThrow(/whole number/);
    await expect(pft('keys', 'revoke', 'pft_live_nothing')).rejects.toThrow(/no API key with prefix/);
  });

  it('names a partner account that is not there, or a bad id or name, in its own words, writing nothing', async () => {
    const keysBefore = await api.db.query('select count(*)::int as n from api_keys');
    const partnersBefore = await api.db.query('select count(*)::int as n from partners');
    const unknown = randomUUID();
    await expect(pft('keys', 'create', '--partner', unknown)).rejects.toThrow(
      new RegExp(`no partner account ${unknown}`),
    );
    for (const args of [
      ['keys', 'create', '--partner', 'not-a-uuid'],
      ['keys', 'list', '--partner', 'not-a-uuid'],
    ]) {
      await expect(pft(...args)).rejects.toThrow(/a partner id is a UUID/);
    }
    for (const name of ['', '   ', 'x'.repeat(201)]) {
      await expect(pft('partners', 'create', name)).rejects.toThrow(/1 to 200 characters/);
    }
    for (const rejection of [
      pft('keys', 'create', '--partner', unknown).catch((e: Error) => e.message),
      pft('partners', 'create', '').catch((e: Error) => e.message),
    ]) {
      expect(await rejection).not.toMatch(/violates|constraint|invalid input syntax|relation|table/i);
    }
    expect(await api.db.query('select count(*)::int as n from api_keys')).toEqual(keysBefore);
    expect(await api.db.query('select count(*)::int as n from partners')).toEqual(partnersBefore);
    const named = await pft('partners', 'create', '  Trimmed Air  ', '--json');
    expect(JSON.parse(named.lines[0]!).name).toBe('Trimmed Air');
  });
});
