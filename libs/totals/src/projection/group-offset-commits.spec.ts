import { GroupOffsetCommits, type StoredPartitionOffset } from './group-offset-commits';

/** A commit that resolves or rejects when the test says, recording what it was asked. */
function controlledCommits() {
  const calls: StoredPartitionOffset[][] = [];
  const answers: { resolve: () => void; reject: (e: Error) => void }[] = [];
  const commit = (offsets: StoredPartitionOffset[]) =>
    new Promise<void>((resolve, reject) => {
      calls.push(offsets);
      answers.push({ resolve, reject });
    });
  const tick = () => new Promise((resolve) => setImmediate(resolve));
  return { calls, answers, commit, tick };
}

describe('GroupOffsetCommits', () => {
  it('keeps one commit in flight and sends the newest offset of each partition noted meanwhile', async () => {
    const { calls, answers, commit, tick } = controlledCommits();
    const commits = new GroupOffsetCommits(commit, () => undefined);
    commits.note(0, '10');
    commits.note(1, '5');
    commits.note(0, '12');
    commits.note(2, '7');
    expect(calls).toEqual([[{ partition: 0, offset: '10' }]]);
    answers[0]!.resolve();
    await tick();
    expect(calls[1]).toEqual([
      { partition: 1, offset: '5' },
      { partition: 0, offset: '12' },
      { partition: 2, offset: '7' },
    ]);
    answers[1]!.resolve();
    await commits.settled(1000);
    expect(calls).toHaveLength(2);
  });

  it('sends nothing for an offset Kafka has, and again after a commit failed', async () => {
    const { calls, answers, commit, tick } = controlledCommits();
    const failures: unknown[] = [];
    const commits = new GroupOffsetCommits(commit, (e) => failures.push(e));
    commits.note(3, '40');
    answers[0]!.resolve();
    await tick();
    commits.note(3, '40');
    expect(calls).toHaveLength(1);
    commits.note(3, '41');
    answers[1]!.reject(new Error('the group is rebalancing'));
    await tick();
    expect(failures).toEqual([new Error('the group is rebalancing')]);
    commits.note(3, '41');
    expect(calls.map((c) => c[0]!.offset)).toEqual(['40', '41', '41']);
  });

  it('sends the offsets of a failed commit again when the consumer stops, unless a newer one went since', async () => {
    const { calls, answers, commit, tick } = controlledCommits();
    const commits = new GroupOffsetCommits(commit, () => undefined);
    commits.note(0, '10');
    commits.note(1, '20');
    answers[0]!.resolve();
    await tick();
    answers[1]!.reject(new Error('the group is rebalancing'));
    await tick();
    const stopping = commits.settled(1000);
    expect(calls[2]).toEqual([{ partition: 1, offset: '20' }]);
    answers[2]!.resolve();
    await stopping;
    // Sent: nothing waits any more.
    await commits.settled(1000);
    expect(calls).toHaveLength(3);

    commits.note(2, '5');
    answers[3]!.reject(new Error('the group is rebalancing'));
    await tick();
    commits.note(2, '6');
    expect(calls[4]).toEqual([{ partition: 2, offset: '6' }]);
  });

  it('stops waiting for a commit that does not answer after the time given', async () => {
    const { commit } = controlledCommits();
    const commits = new GroupOffsetCommits(commit, () => undefined);
    commits.note(0, '1');
    const started = Date.now();
    await commits.settled(50);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
