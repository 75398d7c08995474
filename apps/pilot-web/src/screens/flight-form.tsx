import { AIRCRAFT_CATEGORIES, FLIGHT_MINUTE_FIELDS, type FlightMinuteField } from '@pft/contracts';
import { useState } from 'preact/hooks';
import { api, ApiError } from '../api/client';
import { type Flight } from '../api/types';
import { ErrorBanner } from '../components/error-banner';
import { Field, SelectField } from '../components/field';
import { hoursMinutes, parseTime, todayUtc } from '../format';
import { RATING_CATALOG } from '../ratings';

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

type Values = Record<string, string>;

function valuesOf(flight: Flight | undefined): Values {
  if (!flight) {
    return {
      date: todayUtc(),
      kind: 'flight',
      category: 'airplane',
      rating_key: 'sep_land',
      registration: '',
      departure: '',
      arrival: '',
      day: '0',
      night_landings: '0',
      remarks: '',
    };
  }
  const values: Values = {
    date: flight.date,
    kind: flight.kind,
    category: flight.aircraft.category,
    rating_key: flight.aircraft.rating_key ?? '',
    registration: flight.aircraft.registration ?? '',
    departure: flight.departure ?? '',
    arrival: flight.arrival ?? '',
    day: String(flight.landings.day),
    night_landings: String(flight.landings.night),
    remarks: flight.remarks ?? '',
  };
  for (const f of FLIGHT_MINUTE_FIELDS)
    values[`m_${f}`] = flight.minutes[f] ? hoursMinutes(flight.minutes[f]) : '';
  return values;
}

/** The form field an API error's JSON path concerns (`minutes.pic` is the PIC field). */
function fieldOf(path: string): string {
  if (path.startsWith('minutes.')) return `m_${path.slice('minutes.'.length)}`;
  if (path === 'minutes') return 'm_total_flight_time';
  if (path === 'landings.day') return 'day';
  if (path === 'landings.night') return 'night_landings';
  if (path.startsWith('aircraft.')) return path.slice('aircraft.'.length);
  return path;
}

const FORM_FIELDS = new Set([
  'date',
  'kind',
  'category',
  'rating_key',
  'registration',
  'departure',
  'arrival',
  'day',
  'night_landings',
  'remarks',
  ...FLIGHT_MINUTE_FIELDS.map((f) => `m_${f}`),
]);

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

  const submit = async (e: Event) => {
    e.preventDefault();
    const local: Record<string, string> = {};
    const minutes: Record<string, number> = {};
    for (const f of FLIGHT_MINUTE_FIELDS) {
      const parsed = parseTime(values[`m_${f}`] ?? '');
      if (parsed === null) local[`m_${f}`] = 'Enter hours:minutes (1:35) or minutes (95)';
      else if (parsed > 0) minutes[f] = parsed;
    }
    const landing = (name: string): number | undefined => {
      const text = (values[name] ?? '').trim();
      if (text === '') return 0;
      if (!/^\d{1,2}$/.test(text)) {
        local[name] = 'Enter a whole number from 0 to 99';
        return undefined;
      }
      return Number(text);
    };
    const day = landing('day');
    const night = landing('night_landings');
    setErrors(local);
    setFailure(null);
    if (Object.keys(local).length > 0) return;
    const category = values.category ?? 'airplane';
    const body = {
      flight_id: flight?.flight_id ?? crypto.randomUUID(),
      date: values.date,
      kind: values.kind,
      aircraft: {
        category,
        ...(category === 'airplane' && values.rating_key ? { rating_key: values.rating_key } : {}),
        ...(values.registration ? { registration: values.registration } : {}),
      },
      ...(values.departure ? { departure: values.departure } : {}),
      ...(values.arrival ? { arrival: values.arrival } : {}),
      minutes,
      landings: { day, night },
      ...(values.remarks ? { remarks: values.remarks } : {}),
    };
    setBusy(true);
    try {
      const saved = flight
        ? await api<Flight>('PUT', `/pilot/v1/flights/${flight.flight_id}`, body)
        : await api<Flight>('POST', '/pilot/v1/flights', body);
      onSaved(saved);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'INVALID_REQUEST' && err.details.length > 0) {
        const byField: Record<string, string> = {};
        const elsewhere: string[] = [];
        for (const d of err.details) {
          const field = fieldOf(d.field);
          if (FORM_FIELDS.has(field))
            byField[field] = byField[field] ? `${byField[field]}; ${d.message}` : d.message;
          else elsewhere.push(`${d.field}: ${d.message}`);
        }
        setErrors(byField);
        if (elsewhere.length > 0)
          setFailure(new ApiError(err.status, err.code, elsewhere.join('; '), err.requestId));
      } else setFailure(err);
    } finally {
      setBusy(false);
    }
  };

  const id = (name: string) => `${prefix}-${name}`;
  const airplane = values.category === 'airplane';
  return (
    <form
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
      <div class="grid">
        <Field
          id={id('day')}
          label="Day landings"
          value={values.day ?? ''}
          onInput={set('day')}
          error={errors.day}
          inputMode="numeric"
        />
        <Field
          id={id('night_landings')}
          label="Night landings"
          value={values.night_landings ?? ''}
          onInput={set('night_landings')}
          error={errors.night_landings}
          inputMode="numeric"
        />
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
