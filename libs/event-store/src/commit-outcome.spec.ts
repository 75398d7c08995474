import { WriteOutcomeUnknown } from '@pft/platform/database/write-outcome';
import { CommitOutcomes, type OutcomeQueries } from './commit-outcome';

const db = { query: () => Promise.resolve([]) };
const IDS = ['00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-00000000000b'];

/** Queries that fail `failures` times (the database out of reach), then answer with `stored`. */
function queries(stored: string[], failures = 0) {
  const calls: string[] = [];
  let left = failures;
  const q: OutcomeQueries = {
    endSession: (_db, pid) => {
      calls.push(`end ${pid}`);
      if (left-- > 0) return Promise.reject(new Error('Connection terminated unexpectedly'));
      return Promise.resolve();
    },
    storedEventIds: (_db, ids) => {
      calls.push(`look up ${ids.length}`);
      return Promise.resolve(stored);
    },
  };
  return { q, calls };
}

describe('CommitOutcomes', () => {
  it('ends the session first, then finds the events: recorded', async () => {
    const { q, calls } = queries(IDS);
    expect(await new CommitOutcomes(db, 60_000, q).recorded(7, IDS, new Error('lost'))).toBe(true);
    expect(calls).toEqual(['end 7', 'look up 2']);
  });

  it('says not recorded when none of them is stored', async () => {
    const { q } = queries([]);
    expect(await new CommitOutcomes(db, 60_000, q).recorded(7, IDS, new Error('lost'))).toBe(false);
  });

  it('tries again while the database cannot be asked', async () => {
    const { q, calls } = queries(IDS, 2);
    expect(await new CommitOutcomes(db, 60_000, q).recorded(7, IDS, new Error('lost'))).toBe(true);
    expect(calls).toEqual(['end 7', 'end 7', 'end 7', 'look up 2']);
  });

  it('gives up with WriteOutcomeUnknown, the commit failure as its cause, when the database stays away', async () => {
    const { q } = queries(IDS, Number.MAX_SAFE_INTEGER);
    const commitFailure = new Error('Query read timeout');
    const failure = await new CommitOutcomes(db, 30, q)
      .recorded(7, IDS, commitFailure)
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(WriteOutcomeUnknown);
    expect((failure as WriteOutcomeUnknown).cause).toMatchObject({ commit: commitFailure });
  });

  it('never takes part of a commit for its outcome', async () => {
    const { q } = queries(IDS.slice(0, 1));
    await expect(new CommitOutcomes(db, 30, q).recorded(7, IDS, new Error('lost'))).rejects.toBeInstanceOf(
      WriteOutcomeUnknown,
    );
  });

  it('answers which events of a group commit are stored, after ending its session, tried again meanwhile', async () => {
    const { q, calls } = queries(IDS.slice(1), 1);
    expect(await new CommitOutcomes(db, 60_000, q).storedOf(7, IDS, new Error('lost'))).toEqual(IDS.slice(1));
    expect(calls).toEqual(['end 7', 'end 7', 'look up 2']);
  });

  it('gives up on a group commit with WriteOutcomeUnknown when the database stays away', async () => {
    const { q } = queries(IDS, Number.MAX_SAFE_INTEGER);
    await expect(new CommitOutcomes(db, 30, q).storedOf(7, IDS, new Error('lost'))).rejects.toBeInstanceOf(
      WriteOutcomeUnknown,
    );
  });
});
