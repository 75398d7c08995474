import { parseFlight } from '@pft/logbook/domain/flights/flight.rules';
import { readLogbookCsv, type LogbookCsvProblem } from '@pft/logbook/domain';
import { useState } from 'preact/hooks';
import { api, ApiError } from '../api/client';
import { type Flight } from '../api/types';
import { ErrorBanner, Notice } from '../components/error-banner';
import { todayUtc } from '../format';

/** The most flights `POST /pilot/v1/flights/import` takes in one request. */
const CHUNK = 1000;

interface Preview {
  name: string;
  flights: Flight[];
  problems: LogbookCsvProblem[];
  rows: number;
}

/** A JSON import body (`{ "flights": [...] }`, or the bare list), each flight checked by the flight rules. */
function readJson(text: string): Omit<Preview, 'name'> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { flights: [], problems: [{ line: 1, message: 'is not JSON' }], rows: 0 };
  }
  const list = Array.isArray(parsed) ? parsed : (parsed as { flights?: unknown } | null)?.flights;
  if (!Array.isArray(list))
    return { flights: [], problems: [{ line: 1, message: 'has no "flights" list' }], rows: 0 };
  const flights: Flight[] = [];
  const problems: LogbookCsvProblem[] = [];
  list.forEach((body: unknown, index) => {
    const withId =
      body && typeof body === 'object' && !('flight_id' in body)
        ? { ...body, flight_id: crypto.randomUUID() }
        : body;
    const result = parseFlight(withId, todayUtc());
    if (result.ok) flights.push(result.value);
    else
      for (const issue of result.issues)
        problems.push({ line: index + 1, column: issue.field, message: issue.message });
  });
  return { flights, problems, rows: list.length };
}

/** Moving a logbook in: a JSON import body or the app's CSV, previewed with its invalid rows, sent in chunks. */
export function ImportScreen() {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [done, setDone] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const previewFile = async () => {
    if (!file) return;
    setDone(null);
    setError(null);
    const text = await file.text();
    const json = file.name.toLowerCase().endsWith('.json') || /^\s*[[{]/.test(text);
    const read = json ? readJson(text) : readLogbookCsv(text, todayUtc(), () => crypto.randomUUID());
    setPreview({ name: file.name, ...read });
  };

  const send = async () => {
    if (!preview) return;
    setBusy(true);
    setError(null);
    setDone(0);
    try {
      for (let start = 0; start < preview.flights.length; start += CHUNK) {
        const chunk = preview.flights.slice(start, start + CHUNK);
        try {
          await api('POST', '/pilot/v1/flights/import', { flights: chunk });
        } catch (err) {
          if (err instanceof ApiError && err.details.length > 0) {
            const rows = err.details.map(
              (d) =>
                `${d.field.replace(/^flights\[(\d+)\]/, (_m, i: string) => `flight ${start + Number(i) + 1}`)}: ${d.message}`,
            );
            throw new ApiError(
              err.status,
              err.code,
              `${err.message}. ${rows.slice(0, 5).join('; ')}`,
              err.requestId,
            );
          }
          throw err;
        }
        setDone(start + chunk.length);
      }
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  const total = preview?.flights.length ?? 0;
  return (
    <section aria-labelledby="import-title">
      <h2 id="import-title">Import</h2>
      <p>
        A JSON file with the body of the pilot app API's import (<code>{'{ "flights": [...] }'}</code>) or a
        CSV file with the columns of this app's CSV export: <code>date</code>, <code>category</code> and any
        of <code>flight_id</code>, <code>kind</code>, <code>rating_key</code>, <code>registration</code>,{' '}
        <code>departure</code>, <code>arrival</code>, the minutes columns (<code>total_flight_time</code>,{' '}
        <code>pic</code>, …, <code>simulator</code>), <code>day_landings</code>, <code>night_landings</code>,{' '}
        <code>remarks</code>.
      </p>
      <div class="field">
        <label for="logbook-file">Logbook file</label>
        <input
          id="logbook-file"
          type="file"
          accept=".csv,.json,text/csv,application/json"
          onChange={(e) => {
            setFile(e.currentTarget.files?.[0] ?? null);
            setPreview(null);
            setDone(null);
          }}
        />
      </div>
      <div class="actions">
        <button disabled={!file} onClick={() => void previewFile()}>
          Preview
        </button>
        <button class="primary" disabled={!preview || total === 0 || busy} onClick={() => void send()}>
          Import
        </button>
      </div>
      <ErrorBanner error={error} />
      {preview && (
        <div class="card" role="status">
          <p>
            <strong>{total}</strong> {total === 1 ? 'flight' : 'flights'} ready to import from {preview.name}
            {preview.problems.length > 0 &&
              `; ${new Set(preview.problems.map((p) => p.line)).size} invalid rows will be left out`}
            .
          </p>
        </div>
      )}
      {preview && preview.problems.length > 0 && (
        <div class="table-wrap" tabIndex={0} role="region" aria-label="Invalid rows">
          <table>
            <caption>Invalid rows</caption>
            <thead>
              <tr>
                <th scope="col">Row</th>
                <th scope="col">Column</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {preview.problems.slice(0, 200).map((p, i) => (
                <tr key={i}>
                  <td>{p.line}</td>
                  <td>{p.column ?? '—'}</td>
                  <td>{p.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {done !== null && (
        <div class="progress">
          <label for="import-progress">Import progress</label>
          <progress id="import-progress" max={Math.max(total, 1)} value={done} />
          <span>
            {done} of {total}
          </span>
        </div>
      )}
      {done !== null && done === total && !busy && !error && <Notice>Imported {total} flights.</Notice>}
    </section>
  );
}
