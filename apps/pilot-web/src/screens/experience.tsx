import { useEffect, useRef, useState } from 'preact/hooks';
import { EARLIEST_AS_OF, parseAsOf } from '@pft/totals/domain';
import { api } from '../api/client';
import { shownError } from '../api/shown-error';
import { type OwnExperience } from '../api/types';
import { ErrorBanner } from '../components/error-banner';
import { dateTime, todayUtc } from '../format';
import { CurrencyList } from './currency-list';
import { AircraftTypeTable, EngineTable, FeatureTable, WindowsTable } from './experience-tables';

/** How long a complete date rests before it is asked for, so that editing one asks once. */
const SETTLE_MS = 400;
const COMPLETE = /^\d{4}-\d{2}-\d{2}$/;

/** Tomorrow as `YYYY-MM-DD` in UTC: the last date the API takes, for pilots ahead of UTC. */
function tomorrowUtc(): string {
  return new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
}

/** A date the API would refuse (the API's own rule), said before asking it; null for one it takes. */
function dateProblem(value: string, last: string): string | null {
  if (value === '') return 'Enter a date.';
  const parsed = parseAsOf(value, todayUtc());
  if (parsed.ok) return null;
  return parsed.problem.issue === 'out_of_range'
    ? `Enter a date from ${EARLIEST_AS_OF} to ${last}.`
    : 'Enter a date as YYYY-MM-DD.';
}

/**
 * The pilot's experience as of a date (`GET /pilot/v1/experience`): recent flying in four windows,
 * currency, and time by aircraft type, engine and feature.
 */
export function ExperienceScreen() {
  const [asOf, setAsOf] = useState(todayUtc);
  const [experience, setExperience] = useState<OwnExperience | null>(null);
  const [fieldError, setFieldError] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(false);
  /** Only the answer to the latest question is shown, whatever order the answers arrive in. */
  const asked = useRef(0);
  /** The date last asked for and answered, or being asked for: leaving the field does not ask again. */
  const askedFor = useRef('');
  const last = tomorrowUtc();

  const load = async (date: string) => {
    const problem = dateProblem(date, last);
    setFieldError(problem ?? '');
    if (problem || date === askedFor.current) return;
    askedFor.current = date;
    const ticket = ++asked.current;
    setError(null);
    setLoading(true);
    try {
      const answer = await api<OwnExperience>(
        'GET',
        `/pilot/v1/experience?as_of=${encodeURIComponent(date)}`,
      );
      if (ticket === asked.current) setExperience(answer);
    } catch (err) {
      if (ticket !== asked.current) return;
      askedFor.current = '';
      const shown = shownError(err, (path) => (path === 'as_of' ? path : undefined));
      setFieldError(shown.fields.as_of ?? '');
      setError(shown.banner);
    } finally {
      if (ticket === asked.current) setLoading(false);
    }
  };
  // A complete date is asked for once it rests; one still being typed is judged when the field is left.
  useEffect(() => {
    if (!COMPLETE.test(asOf)) return;
    const timer = setTimeout(() => void load(asOf), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [asOf]);

  return (
    <section aria-labelledby="experience-title">
      <h2 id="experience-title">Experience</h2>
      <p>
        What you have flown up to a date, as partners you share your experience with read it: recent flying,
        currency, and time by aircraft type, engine and feature. Flights dated after the date count nowhere.
      </p>
      <form
        class="as-of"
        onSubmit={(e) => {
          e.preventDefault();
          void load(asOf);
        }}
      >
        <div class={`field${fieldError ? ' field-invalid' : ''}`}>
          <label for="experience-as-of">As of</label>
          <input
            id="experience-as-of"
            type="text"
            value={asOf}
            inputMode="numeric"
            maxLength={10}
            required
            aria-invalid={fieldError ? 'true' : undefined}
            aria-describedby={`experience-as-of-hint${fieldError ? ' experience-as-of-error' : ''}`}
            onInput={(e) => setAsOf(e.currentTarget.value)}
            onChange={(e) => void load(e.currentTarget.value)}
          />
          <span class="hint" id="experience-as-of-hint">
            YYYY-MM-DD (UTC)
          </span>
          {fieldError && (
            <span class="field-error" id="experience-as-of-error">
              {fieldError}
            </span>
          )}
        </div>
      </form>
      <ErrorBanner error={error} />
      {loading && !experience && <p>Loading…</p>}
      {experience && (
        <div aria-busy={loading ? 'true' : 'false'}>
          <p class="small" role="status">
            Experience as of {experience.as_of}. Last updated {dateTime(experience.last_updated)}.
          </p>
          <WindowsTable experience={experience} />
          <h3>Currency</h3>
          <CurrencyList experience={experience} />
          <h3>Time by aircraft type</h3>
          <AircraftTypeTable experience={experience} />
          <div class="two-columns">
            <div>
              <h3>Time by engine</h3>
              <EngineTable experience={experience} />
            </div>
            <div>
              <h3>Time by feature</h3>
              <FeatureTable experience={experience} />
            </div>
          </div>
        </div>
      )}
    </section>
  );
}
