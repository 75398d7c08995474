import { Injectable, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type Queryable } from '@pft/platform';
import { forgetPilotReads } from './partner-reads.statements';
import { forgetPilotRequirementChecks } from './requirement-checks.statements';

/**
 * The owner of the pilots' access history, as account erasure sees it. What it holds of a pilot is the
 * `partner_reads` rows and the `requirement_checks`; links and disconnects are read from `connections`,
 * which consent owns.
 */
@Injectable()
export class AccessHistory {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Deletes everything the access history holds of the pilot (its daily read counts and its requirement
   * checks); the number of counts and checks deleted. `runner`: the caller's transaction, if any. Partner API replicas add their counts every ACCESS_HISTORY_FLUSH_MS
   * (and on shutdown), resolving the pilot through `connections`: reads answered before the pilot's
   * connections ended can still arrive up to that long after. Call this once every connection has ended
   * and again after that interval (or once, that long after the last disconnect).
   */
  async forgetPilot(pilotAccountId: string, runner: Queryable = this.dataSource): Promise<number> {
    const reads = await forgetPilotReads(runner, pilotAccountId);
    return reads + (await forgetPilotRequirementChecks(runner, pilotAccountId));
  }
}

/** Provides AccessHistory; needs the app's DataSource (DatabaseModule). */
@Module({ providers: [AccessHistory], exports: [AccessHistory] })
export class AccessHistoryModule {}
