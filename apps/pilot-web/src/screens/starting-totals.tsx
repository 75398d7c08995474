import { ENTERED_TOTALS_FIELDS, type StartingTotals } from '@pft/contracts';
import { useEffect, useState } from 'preact/hooks';
import { api } from '../api/client';
import { shownError } from '../api/shown-error';
import { ErrorBanner, Notice } from '../components/error-banner';
import { Field } from '../components/field';
import { hoursMinutes, parseTime } from '../format';
import { ratingLabel } from '../ratings';
import { TOTALS_LABELS } from '../totals-labels';
import { startingFieldOf, startingFieldWords, startingValues } from './starting-values';

const COUNTS = [
  ['landings.total_day', 'Day landings'],
  ['landings.total_night', 'Night landings'],
  ['flight_count', 'Flights'],
] as const;

/**
 * Hours carried over from an earlier logbook. The form starts from the stored starting totals, and
 * saving replaces them with the form's, the hours by rating (which the form does not edit) kept.
 */
export function StartingTotalsScreen() {
  const [stored, setStored] = useState<StartingTotals | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const set = (name: string) => (value: string) => setValues((v) => ({ ...v, [name]: value }));
  useEffect(() => {
    api<StartingTotals>('GET', '/pilot/v1/starting-totals').then((found) => {
      setStored(found);
      setValues(startingValues(found));
    }, setFailure);
  }, []);
  const byRating = Object.entries(stored?.rating_breakdown ?? {});

  const submit = async (e: Event) => {
    e.preventDefault();
    setSaved(false);
    setFailure(null);
    const local: Record<string, string> = {};
    const totals: Record<string, number> = {};
    for (const field of ENTERED_TOTALS_FIELDS) {
      const minutes = parseTime(values[`totals.${field}`] ?? '');
      if (minutes === null) local[`totals.${field}`] = 'Enter hours:minutes (120:30) or minutes';
      else if (minutes > 0) totals[field] = minutes;
    }
    const count = (name: string): number => {
      const text = (values[name] ?? '').trim();
      if (text === '') return 0;
      if (!/^\d{1,6}$/.test(text)) local[name] = 'Enter a whole number';
      return Number(text);
    };
    const body = {
      totals,
      landings: { total_day: count('landings.total_day'), total_night: count('landings.total_night') },
      rating_breakdown: stored?.rating_breakdown ?? {},
      flight_count: count('flight_count'),
    };
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    try {
      setStored(await api<StartingTotals>('PUT', '/pilot/v1/starting-totals', body));
      setSaved(true);
    } catch (err) {
      const shown = shownError(err, startingFieldOf, startingFieldWords);
      setErrors(shown.fields);
      setFailure(shown.banner);
    }
  };

  return (
    <section aria-labelledby="starting-title">
      <h2 id="starting-title">Starting totals</h2>
      <p>
        Hours from a previous logbook, added to the totals of the flights logged here. Saving replaces the
        starting totals entered before with these.
      </p>
      {byRating.length > 0 && (
        <p class="small">
          Hours by rating entered before, kept when you save:{' '}
          {byRating.map(([key, minutes]) => `${ratingLabel(key)} ${hoursMinutes(minutes)}`).join(', ')}.
        </p>
      )}
      {saved && <Notice>Starting totals saved.</Notice>}
      <ErrorBanner error={failure} />
      {stored === null && !failure && <p role="status">Loading the starting totals…</p>}
      {stored !== null && (
        <form class="card" onSubmit={(e) => void submit(e)} noValidate aria-label="Starting totals">
          <fieldset>
            <legend>Time (hours:minutes, or minutes)</legend>
            <div class="grid">
              {ENTERED_TOTALS_FIELDS.map((field) => (
                <Field
                  key={field}
                  id={`start-${field}`}
                  label={TOTALS_LABELS[field]}
                  value={values[`totals.${field}`] ?? ''}
                  onInput={set(`totals.${field}`)}
                  error={errors[`totals.${field}`]}
                  inputMode="numeric"
                />
              ))}
            </div>
          </fieldset>
          <div class="grid">
            {COUNTS.map(([name, label]) => (
              <Field
                key={name}
                id={`start-${name.replace('.', '-')}`}
                label={label}
                value={values[name] ?? ''}
                onInput={set(name)}
                error={errors[name]}
                inputMode="numeric"
              />
            ))}
          </div>
          <div class="actions">
            <button type="submit" class="primary">
              Save starting totals
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
