import { Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OUTBOX_STATE_SQL, reportOutboxState } from '@pft/event-store';

/**
 * The outbox's depth and oldest event's age, read on the app's pool when metrics are scraped. Every
 * ingestion process reports them, relaying or not: the outbox is one for all of them.
 */
@Injectable()
export class OutboxMetrics implements OnModuleInit, OnApplicationShutdown {
  private stop?: () => void;

  constructor(private readonly dataSource: DataSource) {}

  onModuleInit(): void {
    this.stop = reportOutboxState(async () => {
      const rows =
        await this.dataSource.query<{ events: number; oldest_age_seconds: number }[]>(OUTBOX_STATE_SQL);
      return { events: rows[0]?.events ?? 0, oldestAgeSeconds: rows[0]?.oldest_age_seconds ?? 0 };
    });
  }

  onApplicationShutdown(): void {
    this.stop?.();
  }
}
