import { randomUUID } from 'node:crypto';
import { pilotNotLinked, type SandboxFixtureNumber } from '@pft/partners/domain';
import { type Queryable } from '@pft/platform';
import { rowsOf } from '@pft/platform/database/rows-of';

export interface SandboxPilot {
  pilotAccountId: string;
  fixture: SandboxFixtureNumber;
}

/** The `sandbox_pilots` table: the pilot account each partner's sandbox holds for each fixture. */
export class SandboxPilotsRepository {
  /**
   * The sandbox's pilot account for the fixture, made on the first ask (of concurrent first asks one
   * makes it); `seeded` false until every fixture flight of it is recorded.
   */
  async claim(
    runner: Queryable,
    partnerId: string,
    fixture: SandboxFixtureNumber,
  ): Promise<{ pilotAccountId: string; seeded: boolean }> {
    await runner.query(
      `insert into sandbox_pilots (partner_id, fixture, pilot_account_id) values ($1, $2, $3)
       on conflict (partner_id, fixture) do nothing`,
      [partnerId, fixture, randomUUID()],
    );
    const [row] = rowsOf<{ pilot_account_id: string; seeded: boolean }>(
      await runner.query(
        `select pilot_account_id::text as pilot_account_id, seeded_at is not null as seeded
           from sandbox_pilots where partner_id = $1 and fixture = $2`,
        [partnerId, fixture],
      ),
    );
    return { pilotAccountId: row!.pilot_account_id, seeded: row!.seeded };
  }

  async markSeeded(runner: Queryable, pilotAccountId: string): Promise<void> {
    await runner.query(
      'update sandbox_pilots set seeded_at = now() where pilot_account_id = $1 and seeded_at is null',
      [pilotAccountId],
    );
  }

  /**
   * The sandbox pilot the calling sandbox holds as `pilotId` (an active connection of its own to one of
   * its fixture pilots), or 404 PILOT_NOT_FOUND as the read endpoints answer for any other id.
   */
  async ofPilotId(runner: Queryable, partnerId: string, pilotId: string): Promise<SandboxPilot> {
    const [row] = rowsOf<{ pilot_account_id: string; fixture: SandboxFixtureNumber }>(
      await runner.query(
        `select s.pilot_account_id::text as pilot_account_id, s.fixture
           from connections c
           join sandbox_pilots s on s.pilot_account_id = c.pilot_account_id and s.partner_id = c.partner_id
          where c.connection_id = $1 and c.partner_id = $2 and c.disconnected_at is null`,
        [pilotId, partnerId],
      ),
    );
    if (!row) throw pilotNotLinked();
    return { pilotAccountId: row.pilot_account_id, fixture: row.fixture };
  }
}
