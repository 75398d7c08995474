import { useEffect, useRef, useState } from 'preact/hooks';
import { api, ApiError } from '../api/client';
import { type OwnExperience } from '../api/types';
import { ErrorBanner } from '../components/error-banner';
import { dateTime, todayUtc } from '../format';
import { CurrencyList } from './currency-list';
import { AircraftTypeTable, EngineTable, FeatureTable, WindowsTable } from './experience-tables';

/** The first date the API takes (that of a flight, pilot-experience.md §4). */
const FIRST_DATE = '1903-12-17';
/** How long the date may rest before it is asked for: typing a year passes through years 2, 20, 202. */
const SETTLE_MS = 400;

/** Tomorrow as `YYYY-MM-DD` in UTC: the last date the API takes, for pilots ahead of UTC. */
function tomorrowUtc(): string {
  return new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
}

/** A date the API would refuse, said before asking it; null for one it takes. */
function dateProblem(value: string, last: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return 'Enter a date.';
  if (value < FIRST_DATE || value > last) return `Enter a date from ${FIRST_DATE} to ${last}.`;
  return null;
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
  const last = tomorrowUtc();

  const load = async (date: string) => {
    const problem = dateProblem(date, last);
    setFieldError(problem ?? '');
    if (problem) return;
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
      if (err instanceof ApiError && err.code === 'INVALID_REQUEST') {
        setFieldError(err.details.find((d) => d.field === 'as_of')?.message ?? err.message);
      } else {
        setError(err);
      }
    } finally {
      if (ticket === asked.current) setLoading(false);
    }
  };
  useEffect(() => {
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
            type="date"
            value={asOf}
            min={FIRST_DATE}
            max={last}
            required
            aria-invalid={fieldError ? 'true' : undefined}
            aria-describedby={fieldError ? 'experience-as-of-error' : undefined}
            onInput={(e) => setAsOf(e.currentTarget.value)}
          />
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
