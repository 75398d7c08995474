import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { ListConnectionsQuery, type PilotConnection } from './list-connections.query';
import { sharedData } from '@pft/partners/domain';
import { type ConnectionRow, ConsentRepository } from '../consent.repository';

/** A connection as the pilot app lists it. */
export const pilotConnection = (r: ConnectionRow): PilotConnection => ({
  connection_id: r.connection_id,
  partner: { id: r.partner_id, name: r.name },
  linked_at: r.linked_at.toISOString(),
  shared: sharedData(r.shares_experience),
});

@QueryHandler(ListConnectionsQuery)
export class ListConnectionsHandler implements IQueryHandler<
  ListConnectionsQuery,
  { connections: PilotConnection[] }
> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly consent: ConsentRepository,
  ) {}

  async execute({ pilot }: ListConnectionsQuery): Promise<{ connections: PilotConnection[] }> {
    const rows = await this.consent.activeConnections(this.dataSource, pilot);
    return { connections: rows.map(pilotConnection) };
  }
}
