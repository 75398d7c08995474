import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { connectionHistoryOf, partnerNames, partnerReadsOf, requirementChecksOf } from '@pft/partners';
import { sharedData } from '@pft/partners/domain';
import { consentStreamId, logbookStreamId } from '@pft/contracts';
import { FlightsRepository, PendingImportsRepository, StartingTotalsRepository } from '@pft/logbook';
import { readStream, type StoredEvent } from '@pft/event-store';
import { sharedPayloadSealing } from '@pft/privacy';
import { accessHistoryView } from '../access-history/access-history.view';
import { GetExportQuery } from './get-export.query';
import { exportedEvent, type PilotExport } from './pilot-export';

/** Before any read the service recorded: the whole access history. */
const ALL_DAYS_FROM = '1970-01-01';

/**
 * The pilot's data export. Events come through the event store's stream reader, the one place stored
 * payloads become events (opened with the pilot's data key, upcast). An account erased before starts
 * again empty: only the events after its last AccountErased are the pilot's.
 */
@QueryHandler(GetExportQuery)
export class GetExportHandler implements IQueryHandler<GetExportQuery, PilotExport> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly flights: FlightsRepository,
    private readonly startingTotals: StartingTotalsRepository,
    private readonly imports: PendingImportsRepository,
  ) {}

  async execute({ pilot }: GetExportQuery): Promise<PilotExport> {
    // One snapshot for every part, so the flights agree with their events and connections with the history.
    return this.dataSource.transaction('REPEATABLE READ', async (tx) => {
      const opener = sharedPayloadSealing();
      const logbook = await readStream(tx, logbookStreamId(pilot), opener);
      const erased = logbook.filter((e) => e.type === 'AccountErased').pop();
      const since = (events: StoredEvent[]): StoredEvent[] =>
        erased ? events.filter((e) => BigInt(e.position) > BigInt(erased.position)) : events;
      const consent = since(await readStream(tx, consentStreamId(pilot), opener));
      const current = await this.flights.current(tx, pilot);
      const starting = await this.startingTotals.find(tx, pilot);
      const connections = await connectionHistoryOf(tx, pilot);
      const reads = await partnerReadsOf(tx, pilot, ALL_DAYS_FROM);
      const checks = await requirementChecksOf(tx, pilot, ALL_DAYS_FROM);
      const names = new Map(connections.map((c) => [c.partner_id, c.name]));
      const unnamed = [...new Set([...reads, ...checks].map((r) => r.partner_id))].filter(
        (id) => !names.has(id),
      );
      for (const [id, name] of await partnerNames(tx, unnamed)) names.set(id, name);
      return {
        exported_at: new Date().toISOString(),
        account: { id: pilot },
        flights: [...current].sort(
          (a, b) => b.date.localeCompare(a.date) || a.flight_id.localeCompare(b.flight_id),
        ),
        logbook_events: since(logbook).map(exportedEvent),
        starting_totals: starting,
        connections: connections.map((c) => ({
          connection_id: c.connection_id,
          partner: { id: c.partner_id, name: c.name },
          linked_at: c.linked_at.toISOString(),
          disconnected_at: c.disconnected_at?.toISOString() ?? null,
          shared: sharedData(c.shares_experience),
        })),
        consent_events: consent.map(exportedEvent),
        access_history: accessHistoryView(connections, reads, names, ALL_DAYS_FROM, checks),
        pending_imports: await this.imports.summariesOf(tx, pilot),
      };
    });
  }
}
