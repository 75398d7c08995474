import { TOTALS_FIELDS } from '@pft/contracts';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { api } from '../api/client';
import { type Flight, type FlightsPage, type OwnTotals } from '../api/types';
import { CumulativeLineChart, RatingBarChart } from '../components/charts';
import { ErrorBanner } from '../components/error-banner';
import { hoursMinutes } from '../format';
import { ratingLabel } from '../ratings';
import { TOTALS_LABELS } from '../totals-labels';

/** Every current flight, a page of 200 at a time: the month-by-month line needs them all. */
async function allFlights(): Promise<Flight[]> {
  const flights: Flight[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const page: FlightsPage = await api<FlightsPage>('GET', `/pilot/v1/flights?limit=200${query}`);
    flights.push(...page.flights);
    cursor = page.next_cursor;
  } while (cursor);
  return flights;
}

/**
 * Flight time summed by month, cumulative. It starts from the hours the flights do not explain (the
 * starting totals), so the line ends at the total in the table.
 */
function cumulativeByMonth(flights: Flight[], total: number): { months: string[]; minutes: number[] } {
  const byMonth = new Map<string, number>();
  let flown = 0;
  for (const f of flights) {
    const month = f.date.slice(0, 7);
    byMonth.set(month, (byMonth.get(month) ?? 0) + f.minutes.total_flight_time);
    flown += f.minutes.total_flight_time;
  }
  const months = [...byMonth.keys()].sort();
  let running = total - flown;
  return { months, minutes: months.map((m) => (running += byMonth.get(m) ?? 0)) };
}

/** The pilot's totals: the same numbers as `GET /pilot/v1/totals`, as tables and two charts. */
export function TotalsScreen() {
  const [totals, setTotals] = useState<OwnTotals | null>(null);
  const [flights, setFlights] = useState<Flight[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    Promise.all([api<OwnTotals>('GET', '/pilot/v1/totals'), allFlights()]).then(([t, f]) => {
      setTotals(t);
      setFlights(f);
    }, setError);
  }, []);
  const ratings = useMemo(
    () => Object.entries(totals?.rating_breakdown ?? {}).sort(([, a], [, b]) => b - a),
    [totals],
  );
  const line = useMemo(
    () => (totals && flights ? cumulativeByMonth(flights, totals.totals.total_flight_time_minutes) : null),
    [totals, flights],
  );
  return (
    <section aria-labelledby="totals-title">
      <h2 id="totals-title">Totals</h2>
      <ErrorBanner error={error} />
      {!totals && !error && <p>Loading…</p>}
      {totals && (
        <>
          <div class="two-columns">
            <div class="table-wrap" tabIndex={0} role="region" aria-label="Totals table">
              <table id="totals-table">
                <caption>Totals (hours:minutes)</caption>
                <tbody>
                  {TOTALS_FIELDS.map((field) => (
                    <tr key={field} data-field={field}>
                      <th scope="row">{TOTALS_LABELS[field]}</th>
                      <td data-minutes={totals.totals[field]}>{hoursMinutes(totals.totals[field])}</td>
                    </tr>
                  ))}
                  <tr data-field="landings_day">
                    <th scope="row">Day landings</th>
                    <td data-count={totals.landings.total_day}>{totals.landings.total_day}</td>
                  </tr>
                  <tr data-field="landings_night">
                    <th scope="row">Night landings</th>
                    <td data-count={totals.landings.total_night}>{totals.landings.total_night}</td>
                  </tr>
                  <tr data-field="flight_count">
                    <th scope="row">Flights</th>
                    <td data-count={totals.flight_count}>{totals.flight_count}</td>
                  </tr>
                  <tr>
                    <th scope="row">Last flight</th>
                    <td>{totals.last_flight_date?.slice(0, 10) ?? '—'}</td>
                  </tr>
                </tbody>
              </table>
            </div>
            <div>
              <h3>Time by rating</h3>
              {ratings.length === 0 ? (
                <p>No airplane time by rating yet.</p>
              ) : (
                <>
                  <RatingBarChart
                    labels={ratings.map(([k]) => ratingLabel(k))}
                    minutes={ratings.map(([, m]) => m)}
                  />
                  <div class="table-wrap" tabIndex={0} role="region" aria-label="Time by rating">
                    <table id="ratings-table">
                      <caption>Time by rating (hours:minutes)</caption>
                      <tbody>
                        {ratings.map(([key, minutes]) => (
                          <tr key={key} data-rating={key}>
                            <th scope="row">{ratingLabel(key)}</th>
                            <td data-minutes={minutes}>{hoursMinutes(minutes)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                </>
              )}
            </div>
          </div>
          <h3>Flight time by month</h3>
          {line && line.months.length > 0 ? (
            <>
              <CumulativeLineChart months={line.months} minutes={line.minutes} />
              <details>
                <summary>Flight time by month as a table</summary>
                <div class="table-wrap" tabIndex={0} role="region" aria-label="Flight time by month">
                  <table>
                    <caption>Cumulative flight time by month (hours:minutes)</caption>
                    <tbody>
                      {line.months.map((month, i) => (
                        <tr key={month}>
                          <th scope="row">{month}</th>
                          <td>{hoursMinutes(line.minutes[i] ?? 0)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </details>
            </>
          ) : (
            <p>No flights yet.</p>
          )}
        </>
      )}
    </section>
  );
}
