import { byteOrder } from './breakdowns';
import {
  CURRENCY_RULES,
  type CurrencyRecord,
  type CurrencyRule,
  type CurrencyRuleKey,
} from './currency-rules';
import { type CountedRecord } from './experience-record';

/** One rule's standing in one group as of a date (`pilot-experience.md` 2.4). */
export interface CurrencyEntry {
  rule: CurrencyRuleKey;
  group: string;
  status: 'current' | 'not_current';
  /** The last date on or after the date asked on which the rule still holds; null when it does not hold then. */
  valid_until: string | null;
  /** The first date of the rule's window for the date asked. */
  window_from: string;
  counted: Record<string, number>;
  required: Record<string, number>;
}

/**
 * The last date X on or after `asOf` on which `rule` holds counting only `records` (all dated on or
 * before `asOf`), or null when it does not hold on `asOf`. No later record can enter a window, and
 * a window's start only moves on with X, so the rule holds from `asOf` up to the day before the
 * window would start after the record that completes a count. For each count, that record is the
 * one at which the count, summed from the newest record back, first reaches what is required; the
 * rule holds while the window still reaches back to the earliest of those records.
 */
export function validUntilOf(
  rule: CurrencyRule,
  records: readonly CurrencyRecord[],
  asOf: string,
): string | null {
  const newestFirst = isNewestFirst(records)
    ? records
    : [...records].sort((a, b) => byteOrder(b.date, a.date));
  let earliestNeeded: string | null = null;
  for (const count of rule.counts) {
    let sum = 0;
    let reachedOn: string | null = null;
    for (const record of newestFirst) {
      sum += count.of(record);
      if (sum >= count.required) {
        reachedOn = record.date;
        break;
      }
    }
    if (reachedOn === null) return null;
    if (earliestNeeded === null || reachedOn < earliestNeeded) earliestNeeded = reachedOn;
  }
  if (earliestNeeded === null) return null;
  const last = rule.window.lastDateCounting(earliestNeeded);
  return last >= asOf ? last : null;
}

/** Whether the records are dated newest first already (as both callers gather them): no copy to sort. */
function isNewestFirst(records: readonly CurrencyRecord[]): boolean {
  for (let i = 1; i < records.length; i++) if (records[i - 1]!.date < records[i]!.date) return false;
  return true;
}

/** The entry of `rule` for one group, from that group's records dated on or before `asOf`. */
export function currencyEntryOf(
  rule: CurrencyRule,
  group: string,
  records: readonly CurrencyRecord[],
  asOf: string,
): CurrencyEntry {
  const windowFrom = rule.window.fromFor(asOf);
  const inWindow = records.filter((record) => record.date >= windowFrom && record.date <= asOf);
  const counted: Record<string, number> = {};
  const required: Record<string, number> = {};
  for (const count of rule.counts) {
    counted[count.name] = inWindow.reduce((sum, record) => sum + count.of(record), 0);
    required[count.name] = count.required;
  }
  const validUntil = validUntilOf(rule, records, asOf);
  return {
    rule: rule.key,
    group,
    status: validUntil === null ? 'not_current' : 'current',
    valid_until: validUntil,
    window_from: windowFrom,
    counted,
    required,
  };
}

/**
 * Every rule's entries as of `asOf`: one per group with a record the rule counts dated on or before
 * `asOf`, in the rules' order, then by group in byte order. Records dated later count nowhere.
 */
export function currencyAsOf(records: readonly CountedRecord[], asOf: string): CurrencyEntry[] {
  // Newest first once here, so `validUntilOf` finds each group's run in order and sorts no copy.
  const upToDate = records.filter((record) => record.date <= asOf).sort((a, b) => byteOrder(b.date, a.date));
  const entries: CurrencyEntry[] = [];
  for (const rule of CURRENCY_RULES) {
    const groups = new Map<string, CountedRecord[]>();
    for (const record of upToDate) {
      const group = rule.groupOf(record);
      if (group === null) continue;
      const members = groups.get(group);
      if (members) members.push(record);
      else groups.set(group, [record]);
    }
    for (const group of [...groups.keys()].sort(byteOrder)) {
      entries.push(currencyEntryOf(rule, group, groups.get(group) ?? [], asOf));
    }
  }
  return entries;
}
