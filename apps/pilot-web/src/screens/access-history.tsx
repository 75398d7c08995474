import { useEffect, useState } from 'preact/hooks';
import { api, ApiError } from '../api/client';
import { type AccessHistory } from '../api/types';
import { ErrorBanner } from '../components/error-banner';
import { SelectField } from '../components/field';
import { dateTime } from '../format';

/** Which partner read what and when: reads per day, links and disconnects (pilot-web-app.md §3). */
export function AccessHistoryScreen() {
  const [days, setDays] = useState('90');
  const [history, setHistory] = useState<AccessHistory | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    setError(null);
    api<AccessHistory>('GET', `/pilot/v1/access-history?days=${days}`).then(setHistory, (err: unknown) =>
      setError(
        err instanceof ApiError && err.status === 404
          ? new Error('The access history is not available on this service yet.')
          : err,
      ),
    );
  }, [days]);
  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title">Access history</h2>
      <SelectField
        id="history-days"
        label="Period"
        value={days}
        onChange={setDays}
        options={[
          { value: '30', label: 'Last 30 days' },
          { value: '90', label: 'Last 90 days' },
          { value: '365', label: 'Last 365 days' },
        ]}
      />
      <ErrorBanner error={error} />
      {history && history.partners.length === 0 && (
        <p>No partner has been linked or has read your data in this period.</p>
      )}
      {history?.partners.map((p) => (
        <article class="card" key={p.partner.id} aria-labelledby={`partner-${p.partner.id}`}>
          <h3 id={`partner-${p.partner.id}`}>{p.partner.name}</h3>
          <ul>
            {p.events.map((e, i) => (
              <li key={i}>
                {e.type === 'linked' ? 'Linked' : 'Disconnected'} {dateTime(e.at)}
              </li>
            ))}
          </ul>
          {p.reads.length === 0 ? (
            <p>No reads of your totals in this period.</p>
          ) : (
            <div class="table-wrap" tabIndex={0} role="region" aria-label={`Reads by ${p.partner.name}`}>
              <table>
                <caption>Reads of your totals by {p.partner.name}</caption>
                <thead>
                  <tr>
                    <th scope="col">Day</th>
                    <th scope="col">Reads</th>
                    <th scope="col">Last read</th>
                  </tr>
                </thead>
                <tbody>
                  {p.reads.map((r) => (
                    <tr key={r.date}>
                      <td>{r.date}</td>
                      <td>{r.count}</td>
                      <td>{dateTime(r.last_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </article>
      ))}
    </section>
  );
}
