import { AIRCRAFT_FEATURES, ENGINE_KINDS } from '@pft/contracts';
import { Field, SelectField } from '../components/field';
import { ENGINE_LABELS, FEATURE_LABELS } from '../experience-labels';
import { featureField, FLIGHT_ONLY_FIELDS, type Values } from './flight-values';

/** What the flight form hands its parts: its values and errors, a setter per field, ids of its own. */
export interface FormPart {
  values: Values;
  errors: Record<string, string>;
  set: (name: string) => (value: string) => void;
  id: (name: string) => string;
}

/** The aircraft's type designator and, for a flight, its engine (both left out when left empty). */
export function AircraftTypeFields({ part, simulator }: { part: FormPart; simulator: boolean }) {
  const { values, errors, set, id } = part;
  return (
    <>
      <Field
        id={id('type_designator')}
        label="Type designator"
        value={values.type_designator ?? ''}
        onInput={set('type_designator')}
        error={errors.type_designator}
        hint="ICAO code, such as C172 or PA28"
        autoCapitalize="characters"
      />
      {!simulator && (
        <SelectField
          id={id('engine')}
          label="Engine"
          value={values.engine ?? ''}
          onChange={set('engine')}
          error={errors.engine}
          options={[
            { value: '', label: 'Not given' },
            ...ENGINE_KINDS.map((e) => ({ value: e, label: ENGINE_LABELS[e] })),
          ]}
        />
      )}
    </>
  );
}

/** The aircraft's features: a group of checkboxes, each named by its feature. */
export function FeaturesFieldset({ part }: { part: FormPart }) {
  const { values, errors, set, id } = part;
  return (
    <fieldset
      class={`checkboxes${errors.features ? ' field-invalid' : ''}`}
      aria-describedby={errors.features ? id('features-error') : undefined}
    >
      <legend>Features</legend>
      <div class="checkbox-row">
        {AIRCRAFT_FEATURES.map((f) => (
          <label key={f} class="checkbox">
            <input
              type="checkbox"
              id={id(featureField(f))}
              checked={values[featureField(f)] === 'on'}
              onChange={(e) => set(featureField(f))(e.currentTarget.checked ? 'on' : '')}
            />
            {f === 'taa' ? <abbr title="Technically advanced aircraft">TAA</abbr> : FEATURE_LABELS[f]}
          </label>
        ))}
      </div>
      {errors.features && (
        <span class="field-error" id={id('features-error')}>
          {errors.features}
        </span>
      )}
    </fieldset>
  );
}

const TAKEOFFS_HINT = 'Both empty: as many as landings';

interface Count {
  name: string;
  label: string;
  hint?: string;
}

const COUNTS: Count[] = [
  { name: 'day_takeoffs', label: 'Day takeoffs', hint: TAKEOFFS_HINT },
  { name: 'night_takeoffs', label: 'Night takeoffs', hint: TAKEOFFS_HINT },
  { name: 'day', label: 'Day landings' },
  { name: 'night_landings', label: 'Night landings' },
  { name: 'day_full_stop', label: 'Day full-stop landings' },
  { name: 'night_full_stop', label: 'Night full-stop landings' },
  { name: 'approaches', label: 'Approaches' },
  { name: 'holds', label: 'Holds' },
];

/**
 * Takeoffs, landings, approaches and holds, 0 to 99 each. A simulator session has no takeoffs or
 * full stops of its own (FLIGHT_ONLY_FIELDS).
 */
export function CountsFieldset({ part, simulator }: { part: FormPart; simulator: boolean }) {
  const { values, errors, set, id } = part;
  return (
    <fieldset>
      <legend>Takeoffs, landings and procedures</legend>
      <div class="grid counts">
        {COUNTS.filter((c) => !simulator || !FLIGHT_ONLY_FIELDS.has(c.name)).map((c) => (
          <Field
            key={c.name}
            id={id(c.name)}
            label={c.label}
            value={values[c.name] ?? ''}
            onInput={set(c.name)}
            error={errors[c.name]}
            inputMode="numeric"
            hint={c.hint}
          />
        ))}
      </div>
    </fieldset>
  );
}
