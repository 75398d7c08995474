import { useEffect, useState } from 'preact/hooks';
import { api } from '../api/client';
import { type Flight, type FlightsPage } from '../api/types';
import { ErrorBanner, Notice } from '../components/error-banner';
import { hoursMinutes } from '../format';
import { ratingLabel } from '../ratings';
import { FlightForm } from './flight-form';

const PAGE_SIZE = 20;

function aircraftOf(flight: Flight): string {
  const { category, rating_key: rating, registration, type_designator: type } = flight.aircraft;
  const what = rating ? ratingLabel(rating) : category;
  return [flight.kind === 'simulator' ? `Simulator (${what})` : what, type, registration]
    .filter(Boolean)
    .join(', ');
}

/** The pilot's flights, newest date first, a page at a time; add, edit and delete. */
export function LogbookScreen() {
  // The cursors of the pages seen so far: going back is going to the one before.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [page, setPage] = useState<FlightsPage | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const cursor = cursors[cursors.length - 1] ?? null;

  const load = async () => {
    try {
      const query = `limit=${PAGE_SIZE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      setPage(await api<FlightsPage>('GET', `/pilot/v1/flights?${query}`));
      setError(null);
    } catch (err) {
      setError(err);
    }
  };
  useEffect(() => void load(), [cursor]);

  const saved = async (what: string) => {
    await load();
    setAdding(false);
    setEditing(null);
    setNotice(what);
  };
  const remove = async (flight: Flight) => {
    try {
      await api('DELETE', `/pilot/v1/flights/${flight.flight_id}`);
      setDeleting(null);
      await saved(`Flight of ${flight.date} deleted.`);
    } catch (err) {
      setError(err);
    }
  };

  return (
    <section aria-labelledby="logbook-title">
      <h2 id="logbook-title">Logbook</h2>
      {notice && <Notice>{notice}</Notice>}
      <ErrorBanner error={error} />
      {adding ? (
        <FlightForm
          onSaved={(f) => void saved(`Flight of ${f.date} saved.`)}
          onCancel={() => setAdding(false)}
        />
      ) : (
        <button
          class="primary"
          onClick={() => {
            setAdding(true);
            setNotice('');
          }}
        >
          Add flight
        </button>
      )}
      {page && page.flights.length === 0 && cursors.length === 1 && (
        <p>No flights yet. Add one, or import a logbook.</p>
      )}
      {page && page.flights.length > 0 && (
        <div class="table-wrap" tabIndex={0} role="region" aria-label="Flights">
          <table>
            <caption>Flights, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Aircraft</th>
                <th scope="col">Route</th>
                <th scope="col">Total</th>
                <th scope="col">PIC</th>
                <th scope="col">Landings</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {page.flights.map((flight) =>
                editing === flight.flight_id ? (
                  <tr key={flight.flight_id}>
                    <td colSpan={7}>
                      <FlightForm
                        flight={flight}
                        onSaved={(f) => void saved(`Flight of ${f.date} saved.`)}
                        onCancel={() => setEditing(null)}
                      />
                    </td>
                  </tr>
                ) : (
                  <tr key={flight.flight_id}>
                    <td>{flight.date}</td>
                    <td>{aircraftOf(flight)}</td>
                    <td>{[flight.departure, flight.arrival].filter(Boolean).join(' – ') || '—'}</td>
                    <td>
                      {hoursMinutes(
                        flight.kind === 'simulator'
                          ? flight.minutes.simulator
                          : flight.minutes.total_flight_time,
                      )}
                    </td>
                    <td>{hoursMinutes(flight.minutes.pic)}</td>
                    <td>{flight.landings.day + flight.landings.night}</td>
                    <td class="row-actions">
                      {deleting === flight.flight_id ? (
                        <>
                          <button class="danger" onClick={() => void remove(flight)}>
                            Confirm delete
                          </button>
                          <button onClick={() => setDeleting(null)}>Cancel</button>
                        </>
                      ) : (
                        <>
                          <button
                            onClick={() => {
                              setEditing(flight.flight_id);
                              setNotice('');
                            }}
                          >
                            Edit
                          </button>
                          <button onClick={() => setDeleting(flight.flight_id)}>Delete</button>
                        </>
                      )}
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </div>
      )}
      <nav class="pager" aria-label="Pages of flights">
        <button disabled={cursors.length === 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
          Previous page
        </button>
        <span>Page {cursors.length}</span>
        <button
          disabled={!page?.next_cursor}
          onClick={() => page?.next_cursor && setCursors((c) => [...c, page.next_cursor])}
        >
          Next page
        </button>
      </nav>
    </section>
  );
}
