import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type PilotTotals, type StartingTotals } from '@pft/contracts';
import { computeTotals } from '@pft/domain';
import { FlightsRepository } from '../flights/flights.repository';

/** The pilot's own totals, computed live from the write-side tables with the same fold the projector uses. */
@Injectable()
export class GetTotalsQuery {
  constructor(
    private readonly dataSource: DataSource,
    private readonly flights: FlightsRepository,
  ) {}

  async execute(pilot: string): Promise<PilotTotals> {
    // One snapshot for both reads, so a concurrent command is seen whole or not at all.
    return this.dataSource.transaction('REPEATABLE READ', async (tx) => {
      const flights = await this.flights.current(tx, pilot);
      const rows = await tx.query<{ starting_totals: StartingTotals }[]>(
        'select starting_totals from starting_totals where pilot_account_id = $1',
        [pilot],
      );
      return computeTotals(flights, rows[0]?.starting_totals ?? null);
    });
  }
}
