import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { RelayWake } from '../relay/relay-wake';
import { consentStreamId, type ConsentEvent } from '@pft/contracts';
import { ApiError } from '@pft/platform';
import { appendEvents, lockStream } from '@pft/event-store';
import { type ConsentRejection } from './consent.decide';

/** One consent command in one transaction, with the pilot's consent stream locked (see LogbookTransaction). */
@Injectable()
export class ConsentTransaction {
  constructor(
    private readonly dataSource: DataSource,
    private readonly relay: RelayWake,
  ) {}

  async run<T>(
    pilot: string,
    requestId: string,
    work: (tx: EntityManager, append: (events: ConsentEvent[]) => Promise<void>) => Promise<T>,
  ): Promise<T> {
    const stream = consentStreamId(pilot);
    let appended = false;
    const result = await this.dataSource.transaction(async (tx) => {
      await lockStream(tx, stream);
      return work(tx, async (events) => {
        await appendEvents(
          tx,
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

export const isConsentRejection = (value: unknown): value is ConsentRejection =>
  typeof value === 'object' && value !== null && 'rejected' in value;

export function consentError(rejection: ConsentRejection, headers: Record<string, string> = {}): ApiError {
  return new ApiError(rejection.rejected, rejection.message, undefined, headers);
}
