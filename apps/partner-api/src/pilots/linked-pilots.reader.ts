import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { rowsOf } from '@pft/platform/database/rows-of';
import { type PilotsCursor } from './pilots-cursor';

export interface LinkedPilotRow {
  pilot_id: string;
  linked_at: Date;
  shares_experience: boolean;
  /** linked_at to the microsecond, for the cursor: a JavaScript Date keeps milliseconds only. */
  linked_at_key: string;
}

const COLUMNS = `connection_id::text as pilot_id, linked_at, shares_experience,
  to_char(linked_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as linked_at_key`;

/**
 * A partner's active connections, read from `connections` as the totals reads resolve a `pilot_id`
 * (the connection id, owned by the partner, not disconnected), by the index on (partner_id, linked_at,
 * connection_id) of active connections.
 */
@Injectable()
export class LinkedPilotsReader {
  constructor(private readonly dataSource: DataSource) {}

  /** Up to `count` pilots strictly after `after` (from the start when null), in key order. */
  async page(partnerId: string, after: PilotsCursor | null, count: number): Promise<LinkedPilotRow[]> {
    const rows: unknown =
      after === null
        ? await this.dataSource.query(
            `select ${COLUMNS} from connections
              where partner_id = $1 and disconnected_at is null
              order by linked_at, connection_id limit $2`,
            [partnerId, count],
          )
        : await this.dataSource.query(
            `select ${COLUMNS} from connections
              where partner_id = $1 and disconnected_at is null
                and (linked_at, connection_id) > ($2::timestamptz, $3::uuid)
              order by linked_at, connection_id limit $4`,
            [partnerId, after.linkedAt, after.pilotId, count],
          );
    return rowsOf<LinkedPilotRow>(rows);
  }
}
