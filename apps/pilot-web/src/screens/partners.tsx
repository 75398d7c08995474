import { useEffect, useState } from 'preact/hooks';
import { api, apiDated } from '../api/client';
import { type AccessHistory, type Connection, type LinkingCode } from '../api/types';
import { ErrorBanner, Notice } from '../components/error-banner';
import { StackedTable, type Column } from '../components/stacked-table';
import { dateTime } from '../format';
import { LAST_READ_DAYS, lastReadCell, lastReadsOf } from './last-reads';
import { countdownText, type IssuedCode, issuedCode, lifetimeText, secondsLeft } from './linking-code-time';
import { connectionError } from './plain-errors';
import { ExperienceSharing, sharesExperience, whatItShares } from './sharing';

/** How often the list is asked again while the screen is open: a partner redeeming a code shows up. */
const REFRESH_MS = 3000;

function Countdown({ code }: { code: IssuedCode }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [code]);
  const left = secondsLeft(code, now);
  if (left === 0) return <p class="expired">This code has expired. Issue a new one.</p>;
  return (
    <p role="timer" aria-label="Time left">
      Expires in {countdownText(left)}
    </p>
  );
}

/** Issue a linking code for a partner; the partners connected, and disconnecting one. */
export function PartnersScreen() {
  const [code, setCode] = useState<IssuedCode | null>(null);
  const [copied, setCopied] = useState(false);
  const [connections, setConnections] = useState<Connection[] | null>(null);
  /** Each partner's last read; null while the access history cannot be read. */
  const [lastReads, setLastReads] = useState<Map<string, string> | null>(new Map());
  const [confirming, setConfirming] = useState<string | null>(null);
  const [shareExperience, setShareExperience] = useState(false);
  const [codeSharesExperience, setCodeSharesExperience] = useState(false);
  /** The connection whose sharing is being changed: its button stays focused, and idle until the answer. */
  const [switching, setSwitching] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [error, setError] = useState<unknown>(null);

  const load = async () => {
    try {
      setConnections((await api<{ connections: Connection[] }>('GET', '/pilot/v1/connections')).connections);
    } catch (err) {
      setError(err);
    }
    try {
      const history = await api<AccessHistory>('GET', `/pilot/v1/access-history?days=${LAST_READ_DAYS}`);
      setLastReads(lastReadsOf(history));
    } catch {
      // Not "Not yet" for every partner: a pilot would take it that no one has read their data.
      setLastReads(null);
    }
  };
  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  const issue = async () => {
    setError(null);
    setCopied(false);
    try {
      const { data, sentAt } = await apiDated<LinkingCode>('POST', '/pilot/v1/linking-codes', {
        share_experience: shareExperience,
      });
      setCode(issuedCode(data, sentAt, Date.now()));
      setCodeSharesExperience(shareExperience);
      // Consent goes with one code: the next starts unticked again.
      setShareExperience(false);
    } catch (err) {
      setError(err);
    }
  };
  const copy = async () => {
    if (!code) return;
    try {
      await navigator.clipboard.writeText(code.linking_token);
      setCopied(true);
    } catch {
      setError(new Error('The browser did not allow copying: select the code and copy it by hand.'));
    }
  };
  const switchSharing = async (connection: Connection) => {
    const experience = !sharesExperience(connection);
    setError(null);
    setSwitching(connection.connection_id);
    try {
      const changed = await api<Connection>(
        'PUT',
        `/pilot/v1/connections/${connection.connection_id}/sharing`,
        {
          experience,
        },
      );
      setConnections(
        (list) => list?.map((c) => (c.connection_id === changed.connection_id ? changed : c)) ?? null,
      );
      setNotice(
        experience
          ? `${connection.partner.name} can now read your experience as well as your totals.`
          : `${connection.partner.name} can no longer read your experience; it still reads your totals.`,
      );
    } catch (err) {
      setError(connectionError(err));
      await load();
    } finally {
      setSwitching(null);
    }
  };
  const disconnect = async (connection: Connection) => {
    try {
      await api('DELETE', `/pilot/v1/connections/${connection.connection_id}`);
      setConfirming(null);
      // Gone from the list with the notice, not only once the list is read again.
      setConnections((list) => list?.filter((c) => c.connection_id !== connection.connection_id) ?? null);
      setNotice(`${connection.partner.name} is disconnected and can no longer read your totals.`);
      await load();
    } catch (err) {
      setError(connectionError(err));
      await load();
    }
  };

  const columns: Column<Connection>[] = [
    { label: 'Linked', cell: (c) => dateTime(c.linked_at) },
    {
      label: 'Last read',
      cell: (c) => lastReadCell(c, lastReads),
    },
    { label: 'Shares', cell: whatItShares },
    {
      label: 'Actions',
      cell: (c) => (
        <div class="row-actions">
          {c.shared && (
            <button
              onClick={() => switching === null && void switchSharing(c)}
              aria-disabled={switching === c.connection_id ? 'true' : undefined}
              aria-describedby={`partner-${c.connection_id}`}
            >
              {sharesExperience(c) ? 'Stop sharing experience' : 'Share experience'}
            </button>
          )}
          {confirming === c.connection_id ? (
            <>
              <button class="danger" onClick={() => void disconnect(c)}>
                Confirm disconnect
              </button>
              <button onClick={() => setConfirming(null)}>Cancel</button>
            </>
          ) : (
            <button onClick={() => setConfirming(c.connection_id)}>Disconnect</button>
          )}
        </div>
      ),
    },
  ];

  return (
    <section aria-labelledby="partners-title">
      <h2 id="partners-title">Partners</h2>
      <p>
        A partner (a flight school, an airline, an insurer) can read your totals once you give it a linking
        code. Each code works once, for a limited time, shown with the code.
      </p>
      <ErrorBanner error={error} />
      {notice && <Notice>{notice}</Notice>}
      <div class="card">
        <ExperienceSharing checked={shareExperience} onChange={setShareExperience} />
        <button class="primary" onClick={() => void issue()}>
          Issue linking code
        </button>
        {code && (
          <div class="code-box">
            <p class="code" aria-label="Linking code">
              {code.linking_token}
            </p>
            <p>It works once, within {lifetimeText(code.lifetimeSeconds)} of being issued.</p>
            <p>
              {codeSharesExperience
                ? 'The partner that links with this code reads your totals and your experience.'
                : 'The partner that links with this code reads your totals.'}
            </p>
            <button onClick={() => void copy()}>Copy code</button>
            {copied && <span role="status"> Copied.</span>}
            <Countdown code={code} />
          </div>
        )}
      </div>
      <h3>Connected partners</h3>
      {connections && connections.length === 0 && <p>No partner is connected.</p>}
      {connections && connections.length > 0 && (
        <StackedTable
          caption="Connected partners"
          rowLabel="Partner"
          rows={connections}
          rowKey={(c) => c.connection_id}
          rowHeader={(c) => <span id={`partner-${c.connection_id}`}>{c.partner.name}</span>}
          columns={columns}
        />
      )}
    </section>
  );
}
