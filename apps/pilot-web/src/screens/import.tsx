import { type ImportChoices } from '@pft/logbook/domain';
import { useRef, useState } from 'preact/hooks';
import {
  chooseForImport,
  commitImport,
  type ImportCommitResult,
  type ImportView,
  uploadImport,
  type UploadProgress,
} from '../api/imports';
import { ApiError } from '../api/client';
import { ErrorBanner, Notice } from '../components/error-banner';
import { AircraftTable } from './import-aircraft';
import { withChoices } from './import-choices';
import { ColumnMapping, FORMAT_NAMES, ImportTotals, ProblemsTable, ReadingNotes } from './import-preview';

/** The import is no longer kept (24 hours after its upload), or was never this pilot's. */
const expired = (err: unknown): boolean => err instanceof ApiError && err.code === 'IMPORT_NOT_FOUND';

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
  return (
    <>
      <Notice>
        Imported: {plural(result.recorded, 'flight')} recorded, {result.amended} amended, {result.unchanged}{' '}
        unchanged.
      </Notice>
      <div class="table-wrap" tabIndex={0} role="region" aria-label="What the import recorded">
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
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [view, setView] = useState<ImportView | null>(null);
  const [result, setResult] = useState<ImportCommitResult | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  /** The latest file chosen: an answer for an earlier one is dropped. */
  const latest = useRef<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const upload = async (file: File | null) => {
    latest.current = file;
    setView(null);
    setResult(null);
    setError(null);
    setProgress(null);
    if (!file) return;
    try {
      const uploaded = await uploadImport(file, (p) => latest.current === file && setProgress(p));
      if (latest.current === file) setView(uploaded);
    } catch (err) {
      if (latest.current === file) setError(err);
    } finally {
      if (latest.current === file) setProgress(null);
    }
  };

  const run = async (step: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await step();
    } catch (err) {
      setError(err);
      if (expired(err)) {
        // Nothing is left to choose for or commit: the file is to be chosen again.
        setView(null);
        latest.current = null;
        if (fileInput.current) fileInput.current.value = '';
      }
    } finally {
      setBusy(false);
    }
  };
  const choose = (choices: ImportChoices) =>
    view &&
    void run(async () => {
      // The choice shows at once; the preview read with it replaces it, or the earlier one comes back.
      setView(withChoices(view, choices));
      try {
        setView(await chooseForImport(view.import_id, choices));
      } catch (err) {
        setView(view);
        throw err;
      }
    });
  const commit = () =>
    view &&
    void run(async () => {
      setResult(await commitImport(view.import_id));
      setView({ ...view, status: 'committed' });
    });

  const open = view !== null && view.status === 'previewed' && !busy;
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
          disabled={progress !== null}
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
                {view.format === 'columns' && ', say which columns hold the date and the total time'}, and see
                the problems below.
              </p>
            )}
          </div>
          <AircraftTable view={view} disabled={!open} onChoose={choose} />
          {view.format === 'columns' && <ColumnMapping view={view} disabled={!open} onChoose={choose} />}
          <ProblemsTable view={view} />
          <ImportTotals view={view} />
          <ReadingNotes view={view} disabled={!open} onChoose={choose} />
          <div class="actions">
            <button class="primary" disabled={!open || !view.ready} onClick={commit}>
              Import
            </button>
          </div>
        </>
      )}
      {result && <CommitResult result={result} />}
    </section>
  );
}
