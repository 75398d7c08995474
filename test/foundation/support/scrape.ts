import { type AppProcess } from '@pft/testing';

/** A plain GET (or `method`) with its status, body text and headers. */
export async function get(
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; text: string; headers: Headers }> {
  const response = await fetch(url, { method, headers });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

/** The value of one sample of the Prometheus text, or undefined when the series is not there. */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[^}]*\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const given = new Map<string, string>();
    for (const m of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) given.set(m[1]!, m[2]!);
    if (Object.entries(labels).every(([k, v]) => given.get(k) === v)) return Number(match[3]);
  }
  return undefined;
}

/** Every line the process printed, each parsed as JSON (a line that is not JSON fails the parse). */
export function jsonLines(app: AppProcess): Record<string, unknown>[] {
  return app
    .output()
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`${app.name} printed a line that is not JSON: ${line}`);
      }
    });
}
