import { FLIGHT_MINUTE_FIELDS } from '@pft/contracts';
import {
  EXPERIENCE_COUNT_FIELDS,
  type ExperienceDay,
  type ExperienceSums,
} from '../domain/experience/experience-aggregates';

const MINUTES = FLIGHT_MINUTE_FIELDS.length;
const COUNTS = EXPERIENCE_COUNT_FIELDS.length;
const [COMMA, SEMICOLON, ZERO, NINE] = [44, 59, 48, 57];

/**
 * A pilot's flights as the experience read gives them (`flights` of ExperienceSumsRow): for each flight
 * its group's number, its date (`YYYY-MM-DD`), its thirteen minutes and its counts in the order of
 * EXPERIENCE_COUNT_FIELDS, separated by commas, the flights by semicolons; null or empty: none. Read
 * in one pass, each number from its digits, where splitting it made a text of every field: a cold
 * read spent more on that split than on any step of making the experience out of the flights.
 * Throws on anything else.
 */
export function flightsOfSumsText(text: string | null): ExperienceDay[] {
  const flights: ExperienceDay[] = [];
  if (text === null || text === '') return flights;
  let at = 0;
  /** The number whose digits begin at `at`, then its comma, or at a flight's last the next flight's semicolon or the end. */
  const number = (last: boolean): number => {
    let value = 0;
    const from = at;
    for (let c = text.charCodeAt(at); c >= ZERO && c <= NINE; c = text.charCodeAt(++at))
      value = value * 10 + c - ZERO;
    const ends = text.charCodeAt(at);
    if (
      at === from ||
      (last ? !(ends === SEMICOLON ? at + 1 < text.length : at === text.length) : ends !== COMMA)
    )
      throw new Error(
        `a flight's sums are not numbers separated by commas at ${from}: ${text.slice(from, from + 40)}`,
      );
    at += 1;
    return value;
  };
  while (at < text.length) {
    const group = number(false);
    const date = text.slice(at, at + 10);
    if (text.charCodeAt(at + 10) !== COMMA || !/^\d{4}-\d{2}-\d{2}$/.test(date))
      throw new Error(`a flight's date is not YYYY-MM-DD at ${at}: ${text.slice(at, at + 40)}`);
    at += 11;
    const minutes = new Array<number>(MINUTES);
    for (let i = 0; i < MINUTES; i += 1) minutes[i] = number(false);
    const sums = { minutes } as ExperienceSums;
    for (let i = 0; i < COUNTS; i += 1) sums[EXPERIENCE_COUNT_FIELDS[i]!] = number(i === COUNTS - 1);
    flights.push({ group, date, sums });
  }
  return flights;
}
