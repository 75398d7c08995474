import { AIRCRAFT_CATEGORIES, FLIGHT_MINUTE_FIELDS, type FlightMinuteField } from '@pft/contracts';
import { useEffect, useRef, useState } from 'preact/hooks';
import { api } from '../api/client';
import { shownError } from '../api/shown-error';
import { type Flight } from '../api/types';
import { ErrorBanner } from '../components/error-banner';
import { Field, SelectField } from '../components/field';
import { RATING_CATALOG } from '../ratings';
import {
  AircraftTypeFields,
  CountsFieldset,
  FeaturesFieldset,
  type FormPart,
} from './flight-experience-fields';
import { flightBodyOf, flightFieldWords, shownFieldOf, valuesOf, type Values } from './flight-values';

/** The form's labels: the flight body's fields in the words of a paper logbook (pilot-web-app.md §2). */
export const MINUTE_LABELS: Record<FlightMinuteField, string> = {
  total_flight_time: 'Total time',
  pic: 'PIC',
  sic: 'SIC',
  dual: 'Dual',
  instructor: 'Instructor',
  cross_country: 'Cross-country',
  night: 'Night',
  actual_instrument: 'Actual instrument',
  simulated_instrument: 'Simulated instrument',
  single_engine: 'Single-engine',
  multi_engine: 'Multi-engine',
  multi_pilot: 'Multi-pilot',
  simulator: 'Simulator',
};

const CATEGORY_LABELS: Record<string, string> = {
  airplane: 'Airplane',
  helicopter: 'Helicopter',
  sailplane: 'Sailplane',
  other: 'Other',
};

interface Props {
  flight?: Flight;
  onSaved: (flight: Flight) => void;
  onCancel: () => void;
}

/** Add a flight, or edit one (`flight` given): the API's validation errors beside their fields. */
export function FlightForm({ flight, onSaved, onCancel }: Props) {
  const [values, setValues] = useState<Values>(() => valuesOf(flight));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const set = (name: string) => (value: string) => setValues((v) => ({ ...v, [name]: value }));
  const prefix = flight ? `edit-${flight.flight_id.slice(0, 8)}` : 'add';
  const form = useRef<HTMLFormElement>(null);
  // Errors come only from Save: the first field in error takes the focus, so its message is read out.
  useEffect(() => {
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const submit = async (e: Event) => {
    e.preventDefault();
    const checked = flightBodyOf(values, flight?.flight_id ?? crypto.randomUUID());
    setFailure(null);
    if (checked.errors) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    const { body } = checked;
    setBusy(true);
    try {
      const saved = flight
        ? await api<Flight>('PUT', `/pilot/v1/flights/${flight.flight_id}`, body)
        : await api<Flight>('POST', '/pilot/v1/flights', body);
      onSaved(saved);
    } catch (err) {
      const shown = shownError(err, (path) => shownFieldOf(path, values), flightFieldWords);
      setErrors(shown.fields);
      setFailure(shown.banner);
    } finally {
      setBusy(false);
    }
  };

  const id = (name: string) => `${prefix}-${name}`;
  const airplane = values.category === 'airplane';
  const simulator = values.kind === 'simulator';
  const part: FormPart = { values, errors, set, id };
  return (
    <form
      ref={form}
      class="card flight-form"
      onSubmit={(e) => void submit(e)}
      aria-label={flight ? 'Edit flight' : 'Add flight'}
      noValidate
    >
      <h3>{flight ? `Edit flight of ${flight.date}` : 'Add flight'}</h3>
      <ErrorBanner error={failure} />
      <div class="grid">
        <Field
          id={id('date')}
          label="Date"
          hint="YYYY-MM-DD (UTC)"
          value={values.date ?? ''}
          onInput={set('date')}
          error={errors.date}
          required
        />
        <SelectField
          id={id('kind')}
          label="Kind"
          value={values.kind ?? 'flight'}
          onChange={set('kind')}
          error={errors.kind}
          options={[
            { value: 'flight', label: 'Flight' },
            { value: 'simulator', label: 'Simulator session' },
          ]}
        />
        <SelectField
          id={id('category')}
          label="Category"
          value={values.category ?? 'airplane'}
          onChange={set('category')}
          error={errors.category}
          options={AIRCRAFT_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] ?? c }))}
        />
        <SelectField
          id={id('rating_key')}
          label="Rating"
          value={airplane ? (values.rating_key ?? '') : ''}
          disabled={!airplane}
          onChange={set('rating_key')}
          error={errors.rating_key}
          options={[
            { value: '', label: airplane ? 'Choose a rating' : 'Airplanes only' },
            ...RATING_CATALOG.map((r) => ({ value: r.key, label: r.label })),
          ]}
        />
        <Field
          id={id('registration')}
          label="Registration"
          value={values.registration ?? ''}
          onInput={set('registration')}
          error={errors.registration}
          maxLength={10}
        />
        <AircraftTypeFields part={part} simulator={simulator} />
        <Field
          id={id('departure')}
          label="From"
          value={values.departure ?? ''}
          onInput={set('departure')}
          error={errors.departure}
          hint="Airport code, 3 or 4 characters"
        />
        <Field
          id={id('arrival')}
          label="To"
          value={values.arrival ?? ''}
          onInput={set('arrival')}
          error={errors.arrival}
          hint="Airport code, 3 or 4 characters"
        />
      </div>
      {!simulator && <FeaturesFieldset part={part} />}
      <fieldset>
        <legend>Time (hours:minutes, or minutes)</legend>
        <div class="grid">
          {FLIGHT_MINUTE_FIELDS.map((f) => (
            <Field
              key={f}
              id={id(`m_${f}`)}
              label={MINUTE_LABELS[f]}
              value={values[`m_${f}`] ?? ''}
              onInput={set(`m_${f}`)}
              error={errors[`m_${f}`]}
              inputMode="numeric"
            />
          ))}
        </div>
      </fieldset>
      <CountsFieldset part={part} simulator={simulator} />
      <div class="grid">
        <Field
          id={id('remarks')}
          label="Remarks"
          value={values.remarks ?? ''}
          onInput={set('remarks')}
          error={errors.remarks}
          maxLength={500}
        />
      </div>
      <div class="actions">
        <button type="submit" class="primary" disabled={busy}>
          Save
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
