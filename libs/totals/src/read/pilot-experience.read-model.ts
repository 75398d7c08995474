import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PreparedStatement } from '@pft/platform/database/prepared-statement';
import { TurnBatches } from '@pft/platform/batching/turn-batches';
import { ACTIVE_EXPERIENCE_VIEWS } from '../projection/projection-tables';
import { ExperienceMemory } from './experience-memory';
import { type ExperienceLookup, type SharedExperience, sharedAnswer } from './experience-answer';
import { readExperienceLive } from './live-experience';
import { PARTNER_READS_CONFIG, type PartnerReadsVariables } from './partner-reads-variables';
import {
  type ExperienceSumsRow,
  experienceOfRow,
  experienceSumsParams,
  experienceSumsSql,
} from './pilot-experience.read';
import { behindLiveAnswer } from './pilot-totals.statements';
import { distinct, genericPlanIds, ownRows } from './turn-rows';

interface LinkedRow extends Partial<ExperienceSumsRow> {
  pilot_id: string;
  shares_experience: boolean;
  live_stream_version: number | null;
  /** Null when the projection has no experience of the pilot, or the pilot does not share it. */
  stream_version: number | null;
}

/**
 * In one statement, so one snapshot, planned once per connection (PreparedStatement; its list of ids
 * filled up by genericPlanIds, else Postgres planned it afresh at each execution of fewer than ten
 * pilots): the caller's active connections of the ids asked, whether each
 * shares the pilot's experience, the stream version a partner was last answered live through it, and,
 * for a pilot who shares it, the projected row with the sums of a read as of `$4` (experienceSumsSql).
 */
const READ = new PreparedStatement(
  'partner-experience-read',
  `
  select c.connection_id::text as pilot_id, c.shares_experience, l.stream_version as live_stream_version,
         p.stream_version, p.last_updated, p.starting_totals, p.experience_groups,
         ${experienceSumsSql({ from: '$3', asOf: '$4' })}
    from connections c
    left join live_answers l on l.connection_id = c.connection_id
    left join ${ACTIVE_EXPERIENCE_VIEWS.pilots} p
      on p.pilot_account_id = c.pilot_account_id and p.experience_groups is not null and c.shares_experience
   where c.connection_id = any($1::uuid[]) and c.partner_id = $2 and c.disconnected_at is null`,
);

/**
 * What partners read of their linked pilots' experience, one pilot (GET /v1/pilot-experience) or up to
 * 50 (the batch), in one pass: from its memory (ExperienceMemory) when an answer counts under the
 * partner read revision, else from the database, where the reads of one partner as of one date in one
 * turn of the event loop are one statement (TurnBatches) giving connection, sharing and the projected
 * sums together; what was read from the projection is then kept. A pilot the projection cannot answer
 * as it is (not projected yet, or behind an answer given live) is read live (readExperienceLive), never
 * kept. `revision` null (Redis unreachable, or lost its keys) reads everything afresh and keeps nothing.
 * A withdrawal of sharing or a disconnect moves the revision on before it returns, so it is effective
 * at the next request on every replica.
 */
@Injectable()
export class PilotExperienceReadModel implements OnModuleInit, OnModuleDestroy {
  private readonly memory: ExperienceMemory<SharedExperience>;
  private readonly reads: TurnBatches<LinkedRow[], readonly string[]>;
  private sweeping?: NodeJS.Timeout;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(PARTNER_READS_CONFIG.token) config: Pick<PartnerReadsVariables, 'PARTNER_TOTALS_CACHE_MS'>,
  ) {
    this.memory = new ExperienceMemory(config.PARTNER_TOTALS_CACHE_MS);
    this.reads = new TurnBatches(async (key, idLists) => {
      const [partnerId, asOf] = key.split('/') as [string, string];
      const ids = genericPlanIds(distinct(idLists));
      return READ.rows<LinkedRow>(dataSource, [ids, partnerId, ...experienceSumsParams(asOf)]);
    });
  }

  onModuleInit(): void {
    if (!this.memory.enabled) return;
    // Answers past their lifetime leave memory about a lifetime after it ended (ExperienceMemory).
    this.sweeping = setInterval(() => this.memory.sweep(), this.memory.sweepEveryMs);
    this.sweeping.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeping);
  }

  /** Each of `pilotIds` (lower case, distinct), as `partnerId` may read it, as of `asOf` (`YYYY-MM-DD`). */
  async read(
    partnerId: string,
    pilotIds: readonly string[],
    asOf: string,
    revision: string | null,
  ): Promise<Map<string, ExperienceLookup>> {
    // Before the look-up and the read: an answer kept counts from here, as the totals' do.
    const readFrom = this.memory.now();
    const looked = new Map<string, ExperienceLookup>();
    const missing: string[] = [];
    for (const pilotId of pilotIds) {
      const kept = revision === null ? undefined : this.memory.answer(partnerId, pilotId, asOf, revision);
      if (kept === undefined) missing.push(pilotId);
      else looked.set(pilotId, kept);
    }
    if (missing.length === 0) return looked;
    const toReadLive: string[] = [];
    const rows = ownRows(await this.reads.join(`${partnerId}/${asOf}`, missing), missing);
    for (const row of rows) {
      if (!row.shares_experience) looked.set(row.pilot_id, { state: 'not_shared' });
      else if (row.stream_version === null || behindLiveAnswer(row)) toReadLive.push(row.pilot_id);
      else {
        const projected = row as LinkedRow & ExperienceSumsRow;
        const shared = sharedAnswer(
          row.pilot_id,
          projected.last_updated.toISOString(),
          experienceOfRow(projected, asOf),
        );
        if (revision !== null) this.memory.keep(partnerId, row.pilot_id, asOf, shared, revision, readFrom);
        looked.set(row.pilot_id, shared);
      }
    }
    if (toReadLive.length > 0)
      for (const [pilotId, lookup] of await readExperienceLive(this.dataSource, partnerId, toReadLive, asOf))
        looked.set(pilotId, lookup);
    for (const pilotId of pilotIds) if (!looked.has(pilotId)) looked.set(pilotId, { state: 'not_linked' });
    return looked;
  }
}
