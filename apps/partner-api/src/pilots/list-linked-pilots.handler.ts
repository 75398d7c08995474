import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { sharedData } from '@pft/partners/domain';
import { LinkedPilotsReader } from './linked-pilots.reader';
import { encodePilotsCursor } from './pilots-cursor';
import { PilotsCursorKeys } from './pilots-cursor-keys';
import { type LinkedPilotsPage, ListLinkedPilotsQuery } from './list-linked-pilots.query';

/**
 * A page of the partner's linked pilots. One row more than the page is read: only when it exists is
 * there a next page, so the last page says so (`next_cursor` null) without a further request.
 */
@QueryHandler(ListLinkedPilotsQuery)
export class ListLinkedPilotsHandler implements IQueryHandler<ListLinkedPilotsQuery, LinkedPilotsPage> {
  constructor(
    private readonly reader: LinkedPilotsReader,
    private readonly cursorKeys: PilotsCursorKeys,
  ) {}

  async execute({ partnerId, limit, after }: ListLinkedPilotsQuery): Promise<LinkedPilotsPage> {
    const rows = await this.reader.page(partnerId, after, limit + 1);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      pilots: page.map((row) => ({
        pilot_id: row.pilot_id,
        linked_at: row.linked_at.toISOString(),
        shared: sharedData(row.shares_experience),
      })),
      next_cursor:
        rows.length > limit && last
          ? encodePilotsCursor({ linkedAt: last.linked_at_key, pilotId: last.pilot_id }, this.cursorKeys)
          : null,
    };
  }
}
