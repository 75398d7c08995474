import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface PilotConnection {
  /** The `pilot_id` that partner holds. */
  connection_id: string;
  partner: { id: string; name: string };
  linked_at: string;
}

@Injectable()
export class ListConnectionsQuery {
  constructor(private readonly dataSource: DataSource) {}

  async execute(pilot: string): Promise<{ connections: PilotConnection[] }> {
    const rows = await this.dataSource.query<
      { connection_id: string; partner_id: string; name: string; linked_at: Date }[]
    >(
      `select c.connection_id::text as connection_id, p.partner_id::text as partner_id, p.name, c.linked_at
         from connections c join partners p on p.partner_id = c.partner_id
        where c.pilot_account_id = $1 and c.disconnected_at is null
        order by c.linked_at, c.connection_id`,
      [pilot],
    );
    return {
      connections: rows.map((r) => ({
        connection_id: r.connection_id,
        partner: { id: r.partner_id, name: r.name },
        linked_at: r.linked_at.toISOString(),
      })),
    };
  }
}
