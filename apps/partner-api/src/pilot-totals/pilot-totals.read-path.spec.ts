// What the read path reads once and keeps: statements shared among requests, answers kept in memory
// and let go. Checking kept answers under a new revision: pilot-totals.read-path-checks.spec.ts.
import { PartnerRefused } from '@pft/partners/domain';
import { KEPT_ANSWER_MAX_AGE_MS } from '@pft/totals/read/totals-read-cache';
import { flightCount, readPathWithCountedQueries, stored } from './pilot-totals.read-path.test-support';

describe('the pilot totals read path', () => {
  it('counts each answered pilot for the access history, from memory or not', async () => {
    const { read, readOne, access, database } = readPathWithCountedQueries();
    database.set('gone', stored({ connected: false }));
    await read('partner', ['p1', 'p2', 'gone'], '5');
    await read('partner', ['p1'], '5');
    await readOne('partner', 'p2', '5');
    await expect(readOne('partner', 'gone', '5')).rejects.toBeInstanceOf(PartnerRefused);
    const counted = () =>
      Object.fromEntries(access.tally.take().map(({ connectionId, reads }) => [connectionId, reads]));
    expect(counted()).toEqual({ p1: 2, p2: 2 });
  });

  it('reads the database once for requests that miss the same ids under the same revision together', async () => {
    const { read, queries } = readPathWithCountedQueries();
    const answers = await Promise.all(Array.from({ length: 20 }, () => read('partner', ['p1'], '5')));
    expect(queries()).toBe(1);
    for (const answer of answers)
      expect(answer.map((v) => [v.pilot_id, flightCount(v)])).toEqual([['p1', 3]]);
    // Then from memory while the revision stands; a new revision reads again.
    await read('partner', ['p1'], '5');
    expect(queries()).toBe(1);
    await read('partner', ['p1'], '6');
    expect(queries()).toBe(2);
  });

  it('does the same for single reads, and shares memory with the batch', async () => {
    const { read, readOne, queries } = readPathWithCountedQueries();
    const answers = await Promise.all(Array.from({ length: 20 }, () => readOne('partner', 'p1', '5')));
    expect(queries()).toBe(1);
    for (const answer of answers) expect([answer.pilot_id, flightCount(answer)]).toEqual(['p1', 3]);
    expect(await readOne('partner', 'p1', '5')).toBe(answers[0]);
    await read('partner', ['p1', 'p2'], '6');
    expect(queries()).toBe(3);
    await readOne('partner', 'p2', '6');
    expect(queries()).toBe(3);
  });

  it("shares a statement only among one partner's requests of one turn, never across partners, nor keeps anything without a revision", async () => {
    const { read, readOne, queries, asked } = readPathWithCountedQueries();
    await Promise.all([
      read('partner', ['p1'], '5'),
      readOne('partner', 'p2', '6'),
      read('other', ['p1'], '5'),
    ]);
    expect(queries()).toBe(2);
    expect(asked).toEqual(expect.arrayContaining([['p1', 'p2'], ['p1']]));
    await read('partner', ['p1'], null);
    await readOne('partner', 'p1', null);
    expect(queries()).toBe(4);
  });

  it('keeps nothing when PARTNER_TOTALS_CACHE_MS is 0', async () => {
    const { read, readOne, queries } = readPathWithCountedQueries(0);
    await read('partner', ['p1'], '5');
    await readOne('partner', 'p1', '5');
    await read('partner', ['p1'], '5');
    expect(queries()).toBe(3);
  });

  it('does not share a statement already under way with a request under a newer revision', async () => {
    const { read, queries } = readPathWithCountedQueries();
    const first = read('partner', ['p3'], '7');
    // The first request's statement has been sent: the second one arrives after it started.
    await new Promise((resolve) => setImmediate(resolve));
    const second = read('partner', ['p3'], '8');
    await Promise.all([first, second]);
    expect(queries()).toBe(2);
  });

  it('gives each request of a shared statement only its own pilots, in the order asked, never the unconnected', async () => {
    const { read, queries, database } = readPathWithCountedQueries();
    database.set('p5', stored({ connected: false }));
    const [a, b, c, d] = await Promise.all([
      read('partner', ['p1', 'p2'], '5'),
      read('partner', ['p3'], '5'),
      read('partner', ['p4', 'p2', 'p1'], '5'),
      read('partner', ['p5', 'p4'], '5'),
    ]);
    expect(queries()).toBe(1);
    expect(a.map((v) => v.pilot_id)).toEqual(['p1', 'p2']);
    expect(b.map((v) => v.pilot_id)).toEqual(['p3']);
    expect(c.map((v) => v.pilot_id)).toEqual(['p4', 'p2', 'p1']);
    expect(d.map((v) => v.pilot_id)).toEqual(['p4']);
  });

  it('gives a batch answered whole from memory again as it was while every answer counts, and never to another partner', async () => {
    const { read, readOne, queries, access } = readPathWithCountedQueries();
    await read('partner', ['p1', 'p2'], '5');
    const whole = await read('partner', ['p1', 'p2'], '5');
    expect(await read('partner', ['p1', 'p2'], '5')).toBe(whole);
    expect(whole.map((v) => v.pilot_id)).toEqual(['p1', 'p2']);
    expect(queries()).toBe(1);
    // Every answer given again is counted for the access history.
    const counted = () =>
      Object.fromEntries(access.tally.take().map(({ connectionId, reads }) => [connectionId, reads]));
    expect(counted()).toEqual({ p1: 3, p2: 3 });
    // The same list from another partner is that partner's read, not the first one's answers.
    const other = await read('other', ['p1', 'p2'], '5');
    expect(other).not.toBe(whole);
    expect(queries()).toBe(2);
    // A new revision: looked up again, and read again once it no longer counts.
    const later = await read('partner', ['p1', 'p2'], '6');
    expect(later).not.toBe(whole);
    expect(queries()).toBe(3);
    await readOne('partner', 'p1', '6');
    expect(queries()).toBe(3);
  });

  it('never gives a remembered batch again past the lifetime of its answers', async () => {
    const { read, queries } = readPathWithCountedQueries(50);
    await read('partner', ['p1', 'p2'], '5');
    const whole = await read('partner', ['p1', 'p2'], '5');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await read('partner', ['p1', 'p2'], '5')).not.toBe(whole);
    expect(queries()).toBe(2);
  });

  it('lets go of answers no one asked for in KEPT_ANSWER_MAX_AGE_MS, those of batches answered whole included', async () => {
    const { read, asked, checked, sweep } = readPathWithCountedQueries();
    await read('partner', ['p1', 'p2'], '5');
    const whole = await read('partner', ['p1', 'p2'], '5');
    sweep(Date.now() + KEPT_ANSWER_MAX_AGE_MS - 60_000);
    expect(await read('partner', ['p1', 'p2'], '5')).toBe(whole);
    sweep(Date.now() + KEPT_ANSWER_MAX_AGE_MS + 1);
    // Nothing kept: read in full, not checked, not given from a remembered batch.
    const afresh = await read('partner', ['p1', 'p2'], '5');
    expect(afresh).not.toBe(whole);
    expect(afresh.map((v) => v.pilot_id)).toEqual(['p1', 'p2']);
    expect(asked).toEqual([
      ['p1', 'p2'],
      ['p1', 'p2'],
    ]);
    expect(checked).toEqual([]);
  });

  it('reads only the ids of a batch that memory does not hold, and answers in the order asked', async () => {
    const { read, asked, database } = readPathWithCountedQueries();
    await read('partner', ['p2'], '5');
    const batch = await read('partner', ['p1', 'p2', 'p3'], '5');
    expect(batch.map((v) => v.pilot_id)).toEqual(['p1', 'p2', 'p3']);
    expect(asked).toEqual([['p2'], ['p1', 'p3']]);
    // Unknown ids are left out wherever they stand, the others kept in order.
    database.set('p1', stored({ connected: false }));
    database.set('p4', stored({ connected: false }));
    const later = await read('partner', ['p4', 'p3', 'p1', 'p2', 'p5'], '6');
    expect(later.map((v) => v.pilot_id)).toEqual(['p3', 'p2', 'p5']);
  });
});
