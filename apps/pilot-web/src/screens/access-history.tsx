import { useEffect, useState } from 'preact/hooks';
import { api } from '../api/client';
import { type AccessHistory } from '../api/types';
import { ErrorBanner } from '../components/error-banner';
import { SelectField } from '../components/field';
import { dateTime } from '../format';
import { requirementText } from '../requirement-text';
import { accessHistoryError } from './plain-errors';

type Reads = AccessHistory['partners'][number]['reads'];

/** Reads of one kind by one partner, a row per day. */
function ReadsTable(props: { reads: Reads; label: string; caption: string; none: string }) {
  if (props.reads.length === 0) return <p>{props.none}</p>;
  return (
    <div class="table-wrap" tabIndex={0} role="region" aria-label={props.label}>
      <table>
        <caption>{props.caption}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Reads</th>
            <th scope="col">Last read</th>
          </tr>
        </thead>
        <tbody>
          {props.reads.map((r) => (
            <tr key={r.date}>
              <td>{r.date}</td>
              <td>{r.count}</td>
              <td>{dateTime(r.last_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type Checks = NonNullable<AccessHistory['partners'][number]['requirement_checks']>;

/** Each requirement check a partner made, with what it asked exactly as sent, newest first. */
function RequirementChecks({ partner, checks }: { partner: { id: string; name: string }; checks: Checks }) {
  if (checks.length === 0) return <p>No requirement checks in this period.</p>;
  return (
    <>
      <h4 id={`checks-${partner.id}`}>Requirement checks by {partner.name}</h4>
      <ul class="requirement-checks" aria-labelledby={`checks-${partner.id}`}>
        {checks.map((check, i) => (
          <li key={i}>
            {dateTime(check.at)}, as of {check.as_of}:
            <ul>
              {check.requirements.map((requirement, j) => (
                <li key={j}>
                  {typeof requirement.id === 'string' && <code>{requirement.id}</code>}{' '}
                  {requirementText(requirement)}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * Which partner read what and when: reads of the totals and of the experience per day, requirement
 * checks, links and disconnects (pilot-web-app.md §3, pilot-experience.md §4 and §5).
 */
export function AccessHistoryScreen() {
  const [days, setDays] = useState('90');
  const [history, setHistory] = useState<AccessHistory | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    setError(null);
    api<AccessHistory>('GET', `/pilot/v1/access-history?days=${days}`).then(setHistory, (err: unknown) =>
      setError(accessHistoryError(err)),
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
          <ReadsTable
            reads={p.reads}
            label={`Reads by ${p.partner.name}`}
            caption={`Reads of your totals by ${p.partner.name}`}
            none="No reads of your totals in this period."
          />
          {p.experience_reads && (
            <ReadsTable
              reads={p.experience_reads}
              label={`Experience reads by ${p.partner.name}`}
              caption={`Reads of your experience by ${p.partner.name}`}
              none="No reads of your experience in this period."
            />
          )}
          {p.requirement_checks && <RequirementChecks partner={p.partner} checks={p.requirement_checks} />}
        </article>
      ))}
    </section>
  );
}
