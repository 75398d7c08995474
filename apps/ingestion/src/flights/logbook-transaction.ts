import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { RelayWake } from '../relay/relay-wake';
import { logbookStreamId, type LogbookEvent } from '@pft/contracts';
import { appendEvents, lockStream } from '@pft/infrastructure/event-store';

export interface LogbookWork<T> {
  /** The pilot's logbook stream is locked: nothing else changes it until this transaction ends. */
  (manager: EntityManager, append: (events: LogbookEvent[]) => Promise<void>): Promise<T>;
}

/**
 * One logbook command, all or nothing: lock the pilot's logbook stream, read the write-side state,
 * decide, append the events and update the tables, in one transaction. A command that throws writes nothing.
 */
@Injectable()
export class LogbookTransaction {
  constructor(
    private readonly dataSource: DataSource,
    private readonly relay: RelayWake,
  ) {}

  async run<T>(pilot: string, requestId: string, work: LogbookWork<T>): Promise<T> {
    const stream = logbookStreamId(pilot);
    let appended = false;
    const result = await this.dataSource.transaction(async (manager) => {
      await lockStream(manager, stream);
      return work(manager, async (events) => {
        if (events.length === 0) return;
        await appendEvents(
          manager,
          stream,
          'any',
          events,
          { request_id: requestId },
          { streamLocked: true, notify: false },
        );
        appended = true;
      });
    });
    if (appended) this.relay.afterCommit();
    return result;
  }
}
