import { Injectable } from '@nestjs/common';
import { type StartingTotals } from '@pft/contracts';
import { decideSetStartingTotals, parseStartingTotals } from '@pft/domain';
import { invalidRequest } from '../http/api-rejection';
import { LogbookTransaction } from '../flights/logbook-transaction';

@Injectable()
export class SetStartingTotalsHandler {
  constructor(private readonly logbook: LogbookTransaction) {}

  async execute(pilot: string, body: unknown, requestId: string): Promise<StartingTotals> {
    const parsed = parseStartingTotals(body);
    if (!parsed.ok) throw invalidRequest(parsed.issues);
    const startingTotals = parsed.value;
    return this.logbook.run(pilot, requestId, async (tx, append) => {
      await append(decideSetStartingTotals(pilot, startingTotals));
      await tx.query(
        `insert into starting_totals (pilot_account_id, starting_totals, updated_at) values ($1, $2::jsonb, now())
         on conflict (pilot_account_id) do update set starting_totals = excluded.starting_totals, updated_at = now()`,
        [pilot, JSON.stringify(startingTotals)],
      );
      return startingTotals;
    });
  }
}
