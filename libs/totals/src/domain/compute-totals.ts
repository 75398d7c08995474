import { type Flight, type PilotTotals, type StartingTotals } from '@pft/contracts';
import { addFlight, addStartingTotals, factsOf, zeroSums } from './flight-contribution';
import { lastFlightDateOf, pilotTotalsOf } from './pilot-totals.fold';

/**
 * A pilot's totals from scratch, from the current flights (recorded, not deleted, latest
 * amendment) and the current starting totals: what `GET /pilot/v1/totals` answers from the
 * write-side tables. Same rules, same result as folding the pilot's events.
 */
export function computeTotals(
  currentFlights: readonly Flight[],
  startingTotals: StartingTotals | null,
): PilotTotals {
  const sums = zeroSums();
  const facts = currentFlights.map(factsOf);
  for (const f of facts) addFlight(sums, f, 1);
  if (startingTotals) addStartingTotals(sums, startingTotals, 1);
  return pilotTotalsOf(sums, lastFlightDateOf(facts));
}
