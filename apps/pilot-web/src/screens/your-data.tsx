import { useState } from 'preact/hooks';
import { api, download } from '../api/client';
import { ErrorBanner, Notice } from '../components/error-banner';
import { Field } from '../components/field';
import { saveFile } from '../format';

/** Everything the service holds about the pilot, to take away; and erasing the account (§4). */
export function YourDataScreen({ onErased }: { onErased: (message: string) => void }) {
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [typed, setTyped] = useState('');

  const fetchFile = async (path: string, name: string) => {
    setError(null);
    try {
      saveFile(await download(path), name);
      setNotice(`${name} downloaded.`);
    } catch (err) {
      setError(err);
    }
  };
  const erase = async () => {
    try {
      await api('DELETE', '/pilot/v1/account');
      onErased(
        'Your account is being erased. Everything the service held about you will be gone within a minute.',
      );
    } catch (err) {
      setError(err);
    }
  };

  return (
    <section aria-labelledby="data-title">
      <h2 id="data-title">Your data</h2>
      <ErrorBanner error={error} />
      {notice && <Notice>{notice}</Notice>}
      <div class="card">
        <p>
          Everything the service holds about you, as JSON: your account id, every flight with each change and
          deletion, starting totals, connections past and present, and the access history.
        </p>
        <div class="actions">
          <button onClick={() => void fetchFile('/pilot/v1/export', 'pilot-flight-totals-data.json')}>
            Download my data
          </button>
          <button onClick={() => void fetchFile('/pilot/v1/export.csv', 'logbook.csv')}>
            Download logbook CSV
          </button>
        </div>
      </div>
      <div class="card danger-zone">
        <h3>Delete account</h3>
        <p>
          Erases your account: every partner is disconnected and your logbook can no longer be read anywhere.
          This cannot be undone.
        </p>
        {!deleting ? (
          <button class="danger" onClick={() => setDeleting(true)}>
            Delete my account
          </button>
        ) : (
          <>
            <Field id="confirm-delete" label="Type DELETE to confirm" value={typed} onInput={setTyped} />
            <div class="actions">
              <button class="danger" disabled={typed !== 'DELETE'} onClick={() => void erase()}>
                Confirm account deletion
              </button>
              <button
                onClick={() => {
                  setDeleting(false);
                  setTyped('');
                }}
              >
                Cancel
              </button>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
