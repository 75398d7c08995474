import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { logbookStreamId, type LogbookEvent } from '@pft/contracts';
import { appendEvents, lockStream, StreamVersionConflict } from '@pft/event-store';
import { RelayWake } from '../relay/relay-wake';

/** How often a command is decided again after losing a race for its stream version. */
const ATTEMPTS = 3;

/** Appends to the pilot's logbook in the command's transaction (AppendOptions.fromAppended). */
export type AppendToLogbook = (events: LogbookEvent[], options?: { fromAppended?: string }) => Promise<void>;

export interface LogbookWork<T> {
  /** The pilot's logbook stream is locked: nothing else changes it until this transaction ends. */
  (manager: EntityManager, append: AppendToLogbook): Promise<T>;
}

/**
 * One logbook command, all or nothing: lock the pilot's logbook stream, read the write-side state,
 * decide, append the events and update the tables, in one transaction. A command that throws writes nothing.
 * A lock-free single-statement append (a new flight) can still take the next version first; the command
 * is then decided again on the new state.
 */
@Injectable()
export class LogbookTransaction {
  constructor(
    private readonly dataSource: DataSource,
    private readonly relay: RelayWake,
  ) {}

  async run<T>(pilot: string, requestId: string, work: LogbookWork<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.runOnce(pilot, requestId, work);
      } catch (err) {
        if (!(err instanceof StreamVersionConflict) || attempt >= ATTEMPTS) throw err;
      }
    }
  }

  private async runOnce<T>(pilot: string, requestId: string, work: LogbookWork<T>): Promise<T> {
    const stream = logbookStreamId(pilot);
    let appended = false;
    const result = await this.dataSource.transaction(async (manager) => {
      await lockStream(manager, stream);
      return work(manager, async (events, options) => {
        if (events.length === 0) return;
        await appendEvents(
          manager,
          stream,
          'any',
          events,
          { request_id: requestId },
          { streamLocked: true, notify: false, fromAppended: options?.fromAppended },
        );
        appended = true;
      });
    });
    if (appended) this.relay.afterCommit();
    return result;
  }
}
