import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { positionOnTopic } from './stored-offsets';

/** The sources of the totals library (tests aside) that read or write `projection_offsets`. */
function offsetSources(): [string, string][] {
  const root = join(__dirname, '..');
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !/\.(int-)?spec\.ts$/.test(file))
    .map((file) => [file, readFileSync(join(root, file), 'utf8')] as [string, string])
    .filter(([, text]) => text.includes('projection_offsets'));
}

describe('positionOnTopic', () => {
  it('tells a stored offset of the topic read now from one stored from another, for one version', () => {
    expect(positionOnTopic('o', '$1', '$2')).toBe(
      "(o.projection = 'pilot_totals' and o.version = $1 and o.topic = $2)",
    );
  });

  it('is the one place that tells it: no statement on projection_offsets compares the topic itself', () => {
    const own = offsetSources().flatMap(([file, text]) =>
      [/\btopic\s*(=|<>|!=)\s*\$\d/g, /\.topic\s*[!=]==?\s*topic\b/g].flatMap((pattern) =>
        [...text.matchAll(pattern)].map((m) => `${file}: ${m[0]}`),
      ),
    );
    expect(own).toEqual([]);
  });
});
