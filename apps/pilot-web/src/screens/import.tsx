import { useEffect, useRef } from 'preact/hooks';
import { type ImportCommitResult, type UploadProgress } from '../api/imports';
import { ErrorBanner, Notice } from '../components/error-banner';
import { AircraftTable } from './import-aircraft';
import {
  ColumnMapping,
  DateOrderChoice,
  FORMAT_NAMES,
  ImportTotals,
  ProblemsTable,
  ReadingNotes,
} from './import-preview';
import { expired, useImport } from './use-import';

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** While a file is sent, how much of it; once sent, that the service is reading it. */
function UploadProgressBar({ progress }: { progress: UploadProgress }) {
  const sent = progress.sent >= progress.size;
  return (
    <div class="progress">
      <label for="import-upload-progress">Upload progress</label>
      {sent ? (
        <progress id="import-upload-progress" aria-valuetext="Reading the file" />
      ) : (
        <progress id="import-upload-progress" max={Math.max(progress.size, 1)} value={progress.sent} />
      )}
      <span aria-hidden="true">
        {sent ? 'Reading the file…' : `${Math.floor((100 * progress.sent) / Math.max(progress.size, 1))} %`}
      </span>
    </div>
  );
}

/** What a commit recorded. */
function CommitResult({ result }: { result: ImportCommitResult }) {
  const rows: [string, number][] = [
    ['Recorded', result.recorded],
    ['Amended', result.amended],
    ['Unchanged', result.unchanged],
    ['Left out (invalid)', result.skipped_invalid],
    ['Left out (deleted here)', result.skipped_deleted],
  ];
  // The Import button is disabled once pressed: the focus goes to what it did.
  const table = useRef<HTMLDivElement>(null);
  useEffect(() => table.current?.focus(), []);
  return (
    <>
      <Notice>
        Imported: {plural(result.recorded, 'flight')} recorded, {result.amended} amended, {result.unchanged}{' '}
        unchanged.
      </Notice>
      <div ref={table} class="table-wrap" tabIndex={0} role="region" aria-label="What the import recorded">
        <table>
          <caption>What the import recorded</caption>
          <tbody>
            {rows.map(([label, count]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td>{count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/**
 * Bringing a logbook in (`logbook-import.md` 3): the file is uploaded to the imports API, which reads
 * it and records nothing; the pilot sees the preview, changes ratings and columns (each change sent as
 * the import's choices, the preview read again), and **Import** records every valid flight at once.
 */
export function ImportScreen() {
  const fileInput = useRef<HTMLInputElement>(null);
  const { progress, view, result, error, waiting, committing, upload, choose, commit } = useImport(() => {
    if (fileInput.current) fileInput.current.value = '';
  });
  const open = view !== null && view.status === 'previewed' && !committing;
  return (
    <section aria-labelledby="import-title">
      <h2 id="import-title">Import</h2>
      <p>
        A logbook file as another logbook exports it: ForeFlight, MyFlightbook, LogTen, Garmin Pilot, a
        spreadsheet saved as CSV or tab-separated text, or this app’s own CSV export. It is read and shown
        here first; nothing is recorded until you press Import, and importing the same file again records
        nothing twice.
      </p>
      <div class="field">
        <label for="logbook-file">Logbook file</label>
        <input
          id="logbook-file"
          ref={fileInput}
          type="file"
          accept=".csv,.tsv,.tab,.txt,text/csv,text/tab-separated-values,text/plain"
          onChange={(e) => void upload(e.currentTarget.files?.[0] ?? null)}
        />
      </div>
      {progress && <UploadProgressBar progress={progress} />}
      <ErrorBanner error={error} />
      {expired(error) && (
        <p class="hint">
          An import is kept for 24 hours after its upload: choose the file again to import it.
        </p>
      )}
      {view && (
        <>
          <div class="card" role="status">
            <p>
              Read as <strong>{FORMAT_NAMES[view.format]}</strong>: {plural(view.rows, 'row')},{' '}
              <strong>{plural(view.flights_valid, 'flight')}</strong> to import
              {view.date_range && ` from ${view.date_range.from} to ${view.date_range.to}`}
              {view.problems_total > 0 &&
                `; ${plural(view.problems_total, 'problem')} (those rows are left out)`}
              .
            </p>
            {!view.ready && view.status === 'previewed' && (
              <p class="small">
                Nothing can be imported yet: give each aircraft a rating
                {view.format === 'columns' && ', say which columns hold the date and the total time'}
                {view.date_order === null && ', choose the date order'}, and see the problems below.
              </p>
            )}
          </div>
          <AircraftTable view={view} disabled={!open} onChoose={choose} />
          {view.format === 'columns' && <ColumnMapping view={view} disabled={!open} onChoose={choose} />}
          {view.format === 'myflightbook' && (
            <DateOrderChoice view={view} disabled={!open} onChoose={choose} />
          )}
          <ProblemsTable view={view} />
          <ImportTotals view={view} />
          <ReadingNotes view={view} disabled={!open} onChoose={choose} />
          <div class="actions">
            <button class="primary" disabled={!open || !view.ready || waiting} onClick={commit}>
              Import
            </button>
          </div>
        </>
      )}
      {result && <CommitResult result={result} />}
    </section>
  );
}
