import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import {
  connectionHistoryOf,
  firstDayOf,
  partnerNames,
  partnerReadsOf,
  requirementChecksOf,
} from '@pft/partners';
import { accessHistoryView, type AccessHistoryView } from './access-history.view';
import { GetAccessHistoryQuery } from './get-access-history.query';

@QueryHandler(GetAccessHistoryQuery)
export class GetAccessHistoryHandler implements IQueryHandler<GetAccessHistoryQuery, AccessHistoryView> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ pilot, days }: GetAccessHistoryQuery): Promise<AccessHistoryView> {
    const fromDay = firstDayOf(days, new Date());
    const [connections, reads, checks] = await Promise.all([
      connectionHistoryOf(this.dataSource, pilot),
      partnerReadsOf(this.dataSource, pilot, fromDay),
      requirementChecksOf(this.dataSource, pilot, fromDay),
    ]);
    const names = new Map(connections.map((c) => [c.partner_id, c.name]));
    // Every connection of a pilot names its partner; this is for a read whose connection is gone.
    const unnamed = [...new Set([...reads, ...checks].map((r) => r.partner_id))].filter(
      (id) => !names.has(id),
    );
    for (const [id, name] of await partnerNames(this.dataSource, unnamed)) names.set(id, name);
    return accessHistoryView(connections, reads, names, fromDay, checks);
  }
}
