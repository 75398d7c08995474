import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { CommandPipeline } from '@pft/event-store';
import { sharedPayloadSealing } from '@pft/privacy';
import { onReplicaClock, withTestDataSource } from '@pft/testing';
import { type IngestionConfig } from '../../ingestion.config';
import { ConsentRepository } from '../consent.repository';
import { IssueLinkingCodeCommand } from './issue-linking-code.command';
import { IssueLinkingCodeHandler } from './issue-linking-code.handler';

const TTL_SECONDS = 600;
const HOUR_MS = 3_600_000;

/** Linking codes issued on a real Postgres by a replica whose clock is not the database's. */
describe('IssueLinkingCodeHandler (Postgres): the clock a code lives by', () => {
  let ds: DataSource;
  withTestDataSource(2, (made) => (ds = made));

  const handler = (): IssueLinkingCodeHandler =>
    new IssueLinkingCodeHandler(
      new CommandPipeline(ds, { sealer: sharedPayloadSealing() }),
      new ConsentRepository(),
      { LINKING_CODE_TTL_SECONDS: TTL_SECONDS } as IngestionConfig,
    );

  /** The database's time, epoch ms. */
  const databaseNow = async (): Promise<number> => {
    const [row] = await ds.query<{ ms: string }[]>(
      'select extract(epoch from clock_timestamp()) * 1000 as ms',
    );
    return Number(row!.ms);
  };

  /** The code's stored times as epoch ms. */
  const storedTimes = async (pilot: string): Promise<{ issued: number; expires: number }> => {
    const [row] = await ds.query<{ issued: string; expires: string }[]>(
      `select extract(epoch from issued_at) * 1000 as issued, extract(epoch from expires_at) * 1000 as expires
         from linking_codes where pilot_account_id = $1`,
      [pilot],
    );
    return { issued: Number(row!.issued), expires: Number(row!.expires) };
  };

  it.each([
    ['an hour ahead of', HOUR_MS],
    ['an hour behind', -HOUR_MS],
  ])(
    'expires 10 minutes after its issue by the database’s clock, which redemptions compare with, from a replica %s it',
    async (_, skewMs) => {
      const pilot = randomUUID();
      const before = await databaseNow();
      const issued = await onReplicaClock(skewMs, () =>
        handler().execute(new IssueLinkingCodeCommand(pilot, false, 'req_issue')),
      );
      const after = await databaseNow();

      const stored = await storedTimes(pilot);
      expect(stored.expires - stored.issued).toBe(TTL_SECONDS * 1000);
      expect(stored.issued).toBeGreaterThanOrEqual(Math.floor(before) - 1);
      expect(stored.issued).toBeLessThanOrEqual(Math.ceil(after) + 1);
      // The pilot is told the time the code expires at: the one stored.
      expect(Date.parse(issued.expires_at)).toBe(Math.round(stored.expires));
    },
  );

  it('counts the pilot’s open codes by the database’s clock: codes expired by it do not hold up another', async () => {
    const pilot = randomUUID();
    // Ten codes that expired a minute ago by the database's clock.
    for (let i = 0; i < 10; i++) {
      await ds.query(
        `insert into linking_codes (code_hash, pilot_account_id, issued_at, expires_at, share_experience)
         values ($1, $2, now() - interval '11 minutes', now() - interval '1 minute', false)`,
        [Buffer.from(randomUUID()), pilot],
      );
    }
    // A replica whose clock is an hour behind would take them for open, and refuse an eleventh.
    const issued = await onReplicaClock(-HOUR_MS, () =>
      handler().execute(new IssueLinkingCodeCommand(pilot, false, 'req_issue')),
    );
    expect(issued.linking_token).toMatch(/^PFT-/);
  });
});
