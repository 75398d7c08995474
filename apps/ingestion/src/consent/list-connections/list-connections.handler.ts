import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { ConsentRepository } from '../consent.repository';
import { ListConnectionsQuery, type PilotConnection } from './list-connections.query';

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
    return {
      connections: rows.map((r) => ({
        connection_id: r.connection_id,
        partner: { id: r.partner_id, name: r.name },
        linked_at: r.linked_at.toISOString(),
      })),
    };
  }
}
