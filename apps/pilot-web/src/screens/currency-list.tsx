import { type OwnExperience } from '../api/types';
import { countsOf, currencyGroupLabel, currencyRule } from '../experience-labels';

type CurrencyEntry = OwnExperience['currency'][number];

function CurrencyItem({ entry, index }: { entry: CurrencyEntry; index: number }) {
  const rule = currencyRule(entry.rule);
  const current = entry.status === 'current';
  const titleId = `currency-${index}`;
  return (
    <li class="card currency" data-rule={entry.rule} data-group={entry.group} aria-labelledby={titleId}>
      <h4 id={titleId}>
        {rule.label} <span class="small">{rule.reference}</span>
      </h4>
      <dl class="facts">
        <div>
          <dt>Group</dt>
          <dd>{currencyGroupLabel(entry.group)}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd class={current ? 'status status-current' : 'status status-lapsed'} data-status={entry.status}>
            {current ? 'Current' : 'Not current'}
          </dd>
        </div>
        <div>
          <dt>Valid until</dt>
          <dd>{entry.valid_until ?? '—'}</dd>
        </div>
        <div>
          <dt>Counted since</dt>
          <dd>{entry.window_from}</dd>
        </div>
      </dl>
      <ul class="counts" aria-label="Counted against required">
        {countsOf(entry).map((count) => (
          <li key={count.name} data-count={count.name}>
            {count.label}: {count.counted} of {count.required}
            {count.met ? '' : ' (short)'}
          </li>
        ))}
      </ul>
    </li>
  );
}

/**
 * Recent-experience rules, one entry per rule and group in which the pilot logged what the rule
 * counts: whether it holds on the date, until when, and what was counted against what it requires.
 */
export function CurrencyList({ experience }: { experience: OwnExperience }) {
  if (experience.currency.length === 0) {
    return <p>No flight on or before this date counts toward a currency rule.</p>;
  }
  return (
    <ul class="currency-list" aria-label="Currency">
      {experience.currency.map((entry, i) => (
        <CurrencyItem key={`${entry.rule} ${entry.group}`} entry={entry} index={i} />
      ))}
    </ul>
  );
}
