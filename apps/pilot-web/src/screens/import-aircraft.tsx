import { type ImportAircraft, type ImportChoices } from '@pft/logbook/domain';
import { type ImportView } from '../api/imports';
import { StackedTable } from '../components/stacked-table';
import { RATING_CATALOG, ratingLabel } from '../ratings';
import { aircraftChoice, OTHER_CATEGORIES, ratingValue } from './import-choices';

type Entry = ImportView['aircraft'][number];

/** An aircraft's rating (or its category, for other categories) as the app names it. */
function ratingName(aircraft: ImportAircraft | null): string {
  if (!aircraft) return '—';
  if (aircraft.category !== 'airplane')
    return OTHER_CATEGORIES.find(([c]) => c === aircraft.category)?.[1] ?? '—';
  return aircraft.rating_key ? ratingLabel(aircraft.rating_key) : 'Airplane';
}

/** What an aircraft's rating is, in words: chosen, from the file, guessed, or still open. */
function origin(entry: Entry): string {
  if (entry.chosen) return 'Chosen';
  if (!entry.proposed) return 'Choose a rating';
  return entry.proposed.guessed ? 'Guessed: please check' : 'From the file';
}

const sourceName = (source: string): string => source || '(no registration)';
const idOf = (source: string, index: number): string =>
  `import-rating-${index}-${source.replace(/[^A-Za-z0-9-]/g, '_')}`;

function RatingSelect({
  entry,
  index,
  disabled,
  onChoose,
}: {
  entry: Entry;
  index: number;
  disabled: boolean;
  onChoose: (choices: ImportChoices) => void;
}) {
  const id = idOf(entry.source, index);
  const value = ratingValue(entry.chosen ?? entry.proposed);
  const known = !value.startsWith('airplane:') || RATING_CATALOG.some((r) => `airplane:${r.key}` === value);
  return (
    <div class="rating-choice">
      <label class="visually-hidden" for={id}>
        Rating for {sourceName(entry.source)}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        aria-describedby={`${id}-origin`}
        aria-invalid={value === '' && entry.flights > 0 ? 'true' : undefined}
        onChange={(e) => {
          const chosen = e.currentTarget.value;
          if (chosen !== '') onChoose({ aircraft: { [entry.source]: aircraftChoice(chosen) } });
        }}
      >
        {value === '' && <option value="">Choose a rating</option>}
        <optgroup label="Airplane">
          {!known && <option value={value}>{ratingLabel(value.slice('airplane:'.length))}</option>}
          {RATING_CATALOG.map((r) => (
            <option key={r.key} value={`airplane:${r.key}`}>
              {r.label}
            </option>
          ))}
        </optgroup>
        <optgroup label="Other categories">
          {OTHER_CATEGORIES.map(([category, label]) => (
            <option key={category} value={category}>
              {label}
            </option>
          ))}
        </optgroup>
      </select>
      <span
        id={`${id}-origin`}
        class={entry.proposed?.guessed && !entry.chosen ? 'guessed' : 'hint'}
        data-origin={entry.chosen ? 'chosen' : entry.proposed?.guessed ? 'guessed' : 'file'}
      >
        {origin(entry)}
      </span>
    </div>
  );
}

/**
 * The file's aircraft, each with the rating its flights are recorded with, which the pilot may change;
 * this service's own CSV names the rating on every row, and those rows are recorded as they are.
 */
export function AircraftTable(props: {
  view: ImportView;
  disabled: boolean;
  onChoose: (choices: ImportChoices) => void;
}) {
  return (
    <StackedTable
      caption="Aircraft and their ratings"
      rowLabel="Aircraft"
      rows={props.view.aircraft}
      rowKey={(a) => a.source}
      rowHeader={(a) => sourceName(a.source)}
      columns={[
        { label: 'Make and model', cell: (a) => a.make_model ?? '—' },
        { label: 'Type', cell: (a) => a.type_designator ?? '—' },
        { label: 'Flights', cell: (a) => a.flights },
        {
          label: 'Rating',
          cell: (a) =>
            props.view.format === 'pft' ? (
              ratingName(a.proposed)
            ) : (
              <RatingSelect
                entry={a}
                index={props.view.aircraft.indexOf(a)}
                disabled={props.disabled}
                onChoose={props.onChoose}
              />
            ),
        },
      ]}
    />
  );
}
