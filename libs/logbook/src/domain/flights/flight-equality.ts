import { type Flight } from '@pft/contracts';

/** Key order does not matter (a flight read back from jsonb has its keys reordered); values do. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Whether two stored-form flights are the same record: what tells a replay from a conflict. */
export function sameFlight(a: Flight, b: Flight): boolean {
  return canonical(a) === canonical(b);
}
