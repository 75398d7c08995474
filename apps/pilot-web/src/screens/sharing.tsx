import { type Connection, type SharedData } from '../api/types';

/** Whether a connection shares the pilot's experience (a service that does not say: it does not). */
export const sharesExperience = (connection: Connection): boolean =>
  connection.shared?.includes('experience') ?? false;

const SHARED_LABELS: Record<SharedData, string> = { totals: 'Totals', experience: 'Experience' };

/** What a connection shares, for people: `Totals`, or `Totals and experience`. */
export function whatItShares(connection: Connection): string {
  const shared = connection.shared ?? ['totals'];
  const labels = shared.map((data) => SHARED_LABELS[data] ?? data);
  return labels.map((label, i) => (i === 0 ? label : label.toLowerCase())).join(' and ');
}

/**
 * The consent to share experience with the partner a new code links: never ticked beforehand
 * (pilot-experience.md §3), and said in full beside the box.
 */
export function ExperienceSharing(props: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div class="field share-experience">
      <label class="checkbox" for="share-experience">
        <input
          id="share-experience"
          type="checkbox"
          checked={props.checked}
          aria-describedby="share-experience-hint"
          onChange={(e) => props.onChange(e.currentTarget.checked)}
        />
        Share experience
      </label>
      <span class="hint" id="share-experience-hint">
        Besides your totals, the partner may then read your recent flying, your time by aircraft type, engine
        and feature, your currency, and check requirements against them. You can stop this at any time.
      </span>
    </div>
  );
}
