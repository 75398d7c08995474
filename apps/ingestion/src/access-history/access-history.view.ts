import {
  type ConnectionHistoryRow,
  type PartnerReadsRow,
  type RequirementCheckEntry,
  type RequirementChecksRow,
} from '@pft/partners';

export const DEFAULT_HISTORY_DAYS = 90;
export const MAX_HISTORY_DAYS = 365;

export interface AccessEvent {
  type: 'linked' | 'disconnected';
  at: string;
}

export interface DailyReads {
  /** `YYYY-MM-DD`, UTC. */
  date: string;
  count: number;
  last_at: string;
}

export interface PartnerAccess {
  partner: { id: string; name: string };
  /** Links and disconnects in the period, newest first. */
  events: AccessEvent[];
  /** Reads of the pilot's totals per UTC day in the period, newest first. */
  reads: DailyReads[];
  /** Reads of the pilot's experience, counted as `reads` are. */
  experience_reads: DailyReads[];
  /** The partner's requirement checks of the pilot in the period, each with its requirements as sent, newest first. */
  requirement_checks: RequirementCheckEntry[];
}

export interface AccessHistoryView {
  partners: PartnerAccess[];
}

/** `days` from the query: 1 to 365, 90 when absent; null for anything else. */
export function parseHistoryDays(value: unknown): number | null {
  if (value === undefined) return DEFAULT_HISTORY_DAYS;
  if (typeof value !== 'string' || !/^\d{1,3}$/.test(value)) return null;
  const days = Number(value);
  return days >= 1 && days <= MAX_HISTORY_DAYS ? days : null;
}

/**
 * The access history of the period from `fromDay` on: one entry per partner the pilot is connected to
 * now, or that linked, disconnected, read or checked requirements in the period; partners by name.
 * `names`: every partner's. `checks`: the requirement checks of the period.
 */
export function accessHistoryView(
  connections: readonly ConnectionHistoryRow[],
  reads: readonly PartnerReadsRow[],
  names: ReadonlyMap<string, string>,
  fromDay: string,
  checks: readonly RequirementChecksRow[] = [],
): AccessHistoryView {
  const from = Date.parse(`${fromDay}T00:00:00.000Z`);
  const partners = new Map<string, PartnerAccess>();
  const entry = (id: string): PartnerAccess => {
    let found = partners.get(id);
    if (!found)
      partners.set(
        id,
        (found = {
          partner: { id, name: names.get(id) ?? '' },
          events: [],
          reads: [],
          experience_reads: [],
          requirement_checks: [],
        }),
      );
    return found;
  };
  for (const c of connections) {
    const inPeriod = (at: Date | null): at is Date => at !== null && at.getTime() >= from;
    if (!inPeriod(c.linked_at) && !inPeriod(c.disconnected_at) && c.disconnected_at !== null) continue;
    const access = entry(c.partner_id);
    if (inPeriod(c.linked_at)) access.events.push({ type: 'linked', at: c.linked_at.toISOString() });
    if (inPeriod(c.disconnected_at))
      access.events.push({ type: 'disconnected', at: c.disconnected_at.toISOString() });
  }
  for (const r of reads) {
    const access = entry(r.partner_id);
    (r.kind === 'experience' ? access.experience_reads : access.reads).push({
      date: r.day,
      count: Number(r.reads),
      last_at: r.last_at.toISOString(),
    });
  }
  for (const c of checks) entry(c.partner_id).requirement_checks.push(c.entry);
  const list = [...partners.values()];
  for (const access of list) {
    access.events.sort((a, b) => b.at.localeCompare(a.at) || (a.type === 'disconnected' ? -1 : 1));
    access.reads.sort((a, b) => b.date.localeCompare(a.date));
    access.experience_reads.sort((a, b) => b.date.localeCompare(a.date));
    access.requirement_checks.sort((a, b) => b.at.localeCompare(a.at));
  }
  return {
    partners: list.sort(
      (a, b) => a.partner.name.localeCompare(b.partner.name) || a.partner.id.localeCompare(b.partner.id),
    ),
  };
}
