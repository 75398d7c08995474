import { TOTALS_FIELDS } from '@pft/contracts';
import { DATE_ORDERS, type ImportChoices, MAPPABLE_COLUMNS, TIME_UNITS } from '@pft/logbook/domain';
import { useState } from 'preact/hooks';
import { type ImportView } from '../api/imports';
import { SelectField } from '../components/field';
import { hoursMinutes } from '../format';
import { TOTALS_LABELS } from '../totals-labels';

export const FORMAT_NAMES: Record<ImportView['format'], string> = {
  pft: 'this service’s own CSV',
  foreflight: 'ForeFlight logbook',
  myflightbook: 'MyFlightbook export',
  columns: 'a table of your own columns',
};

const DATE_ORDER_NAMES: Record<(typeof DATE_ORDERS)[number], string> = {
  ymd: 'Year-month-day (2026-03-14)',
  mdy: 'Month/day/year (3/14/2026)',
  dmy: 'Day/month/year (14/3/2026)',
};

const TIME_UNIT_NAMES: Record<(typeof TIME_UNITS)[number], string> = {
  decimal_hours: 'Decimal hours (1.5)',
  h_mm: 'Hours and minutes (1:30)',
  minutes: 'Minutes (90)',
};

interface ChoiceProps {
  view: ImportView;
  disabled: boolean;
  onChoose: (choices: ImportChoices) => void;
}

/** The order of day and month the dates were read in, which the pilot may change (or must choose). */
function DateOrderField({ view, disabled, onChoose }: ChoiceProps) {
  return (
    <SelectField
      id="import-date-order"
      label="Date order"
      value={view.date_order ?? ''}
      disabled={disabled}
      onChange={(v) => v && onChoose({ date_order: v as ImportChoices['date_order'] })}
      options={[
        ...(view.date_order ? [] : [{ value: '', label: 'Choose the date order' }]),
        ...DATE_ORDERS.map((o) => ({ value: o, label: DATE_ORDER_NAMES[o] })),
      ]}
    />
  );
}

/**
 * For a MyFlightbook export, whose dates may be month or day first: the order they were read in, or
 * the choice the file leaves open (every day 12 or less).
 */
export function DateOrderChoice(props: ChoiceProps) {
  return (
    <div class="card">
      <h3>Dates</h3>
      <p class="small">
        {props.view.date_order
          ? `The dates were read as ${DATE_ORDER_NAMES[props.view.date_order]}; change it if that is wrong.`
          : 'The dates could be month first or day first: choose the order your logbook writes them in.'}
      </p>
      <DateOrderField {...props} />
    </div>
  );
}

/** For a file of other columns: which column is which, the date order and the time unit. */
export function ColumnMapping({ view, disabled, onChoose }: ChoiceProps) {
  const sourceColumns = [...new Set([...Object.values(view.columns), ...view.unused_columns])];
  return (
    <div class="card">
      <h3>Columns</h3>
      <p class="small">Which column of the file holds each field. Date and total time are needed.</p>
      <div class="grid">
        <DateOrderField view={view} disabled={disabled} onChoose={onChoose} />
        <SelectField
          id="import-time-unit"
          label="Time unit"
          value={view.time_unit ?? ''}
          disabled={disabled}
          onChange={(v) => v && onChoose({ time_unit: v as ImportChoices['time_unit'] })}
          options={[
            ...(view.time_unit ? [] : [{ value: '', label: 'Choose the time unit' }]),
            ...TIME_UNITS.map((u) => ({ value: u, label: TIME_UNIT_NAMES[u] })),
          ]}
        />
        {MAPPABLE_COLUMNS.map((field) => (
          <SelectField
            key={field}
            id={`import-column-${field}`}
            label={`Column for ${field}`}
            value={view.columns[field] ?? ''}
            disabled={disabled}
            onChange={(column) => onChoose({ columns: { [field]: column || null } })}
            options={[
              { value: '', label: 'Not in the file' },
              ...sourceColumns.map((c) => ({ value: c, label: c })),
            ]}
          />
        ))}
      </div>
    </div>
  );
}

/** The rows the import leaves out, by line, with why. */
export function ProblemsTable({ view }: { view: ImportView }) {
  if (view.problems.length === 0) return null;
  return (
    <div class="table-wrap" tabIndex={0} role="region" aria-label="Problems by line">
      <table>
        <caption>
          Problems by line
          {view.problems_total > view.problems.length &&
            ` (the first ${view.problems.length} of ${view.problems_total})`}
        </caption>
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Column</th>
            <th scope="col">Problem</th>
          </tr>
        </thead>
        <tbody>
          {view.problems.map((p, i) => (
            <tr key={i}>
              <td>{p.line}</td>
              <td>{p.column ?? '—'}</td>
              <td>{p.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What the valid flights would add: their dates and their totals. */
export function ImportTotals({ view }: { view: ImportView }) {
  return (
    <div class="table-wrap" tabIndex={0} role="region" aria-label="Totals this import would add">
      <table>
        <caption>Totals this import would add (hours:minutes)</caption>
        <tbody>
          {TOTALS_FIELDS.map((field) => (
            <tr key={field} data-field={field}>
              <th scope="row">{TOTALS_LABELS[field]}</th>
              <td data-minutes={view.totals[field]}>{hoursMinutes(view.totals[field])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * What the reading did beyond the cells, and the columns it did not use, which the pilot may have
 * added to each flight's remarks.
 */
export function ReadingNotes({ view, disabled, onChoose }: ChoiceProps) {
  const [toRemarks, setToRemarks] = useState(false);
  if (view.rules_applied.length === 0 && view.unused_columns.length === 0) return null;
  return (
    <div class="card">
      <h3>How the file was read</h3>
      <ul>
        {view.rules_applied.map((r) => (
          <li key={r.rule}>
            {r.message}
            {r.lines.length === 1 && ` (line ${r.lines[0]})`}
            {r.lines.length > 1 && ` (${r.lines.length} lines, from line ${r.lines[0]})`}
          </li>
        ))}
        {view.unused_columns.length > 0 && <li>Columns not imported: {view.unused_columns.join(', ')}</li>}
      </ul>
      {view.unused_columns.length > 0 && view.format !== 'pft' && (
        <label class="checkbox">
          <input
            type="checkbox"
            checked={toRemarks}
            disabled={disabled}
            onChange={(e) => {
              const checked = e.currentTarget.checked;
              setToRemarks(checked);
              onChoose({ unused_columns_to_remarks: checked });
            }}
          />{' '}
          Add the columns not imported to each flight’s remarks
        </label>
      )}
    </div>
  );
}
