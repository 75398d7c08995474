import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { logbookStreamId } from '@pft/contracts';
import { withTestDataSource } from '@pft/testing';
import { CommandPipeline } from './command-pipeline';
import { appendEvents, type NewEvent } from './event-store';

const deleted = (pilot: string): NewEvent => ({
  type: 'FlightDeleted',
  payload: { pilot_account_id: pilot, flight_id: randomUUID() },
});

describe('command pipeline (Postgres)', () => {
  let ds: DataSource;
  withTestDataSource(4, (made) => (ds = made));

  const versions = async (stream: string): Promise<number[]> => {
    const rows = await ds.query<{ stream_version: number }[]>(
      'select stream_version from events where stream_id = $1 order by stream_version',
      [stream],
    );
    return rows.map((r) => r.stream_version);
  };

  it('decides again on the new state when a lock-free append took the version it read', async () => {
    const pilot = randomUUID();
    const stream = logbookStreamId(pilot);
    const loaded: number[] = [];
    let raced = false;
    const decision = await new CommandPipeline(ds).handle({
      streamId: stream,
      load: async (tx) => {
        const rows = (await tx.query('select count(*)::int as n from events where stream_id = $1', [
          stream,
        ])) as { n: number }[];
        loaded.push(rows[0]!.n);
        if (!raced) {
          raced = true;
          // Another writer appends without the stream lock (as a new flight does) after the version was read.
          await appendEvents(ds, stream, 'any', [deleted(pilot)], {}, { streamLocked: true });
        }
        return rows[0]!.n;
      },
      decide: (count) => ({ events: [deleted(pilot)], count }),
    });
    expect(loaded).toEqual([0, 1]);
    expect(decision.count).toBe(1);
    expect(await versions(stream)).toEqual([1, 2]);
  });

  it('writes neither events nor the projection when decide refuses', async () => {
    const pilot = randomUUID();
    const stream = logbookStreamId(pilot);
    const project = jest.fn();
    await expect(
      new CommandPipeline(ds).handle({
        streamId: stream,
        load: () => Promise.resolve(undefined),
        decide: () => {
          throw new Error('refused');
        },
        project,
      }),
    ).rejects.toThrow('refused');
    expect(project).not.toHaveBeenCalled();
    expect(await versions(stream)).toEqual([]);
  });

  it('serializes concurrent commands on one stream: every one appended, versions without gaps', async () => {
    const pilot = randomUUID();
    const stream = logbookStreamId(pilot);
    const pipeline = new CommandPipeline(ds);
    await Promise.all(
      Array.from({ length: 8 }, () =>
        pipeline.handle({
          streamId: stream,
          load: () => Promise.resolve(undefined),
          decide: () => ({ events: [deleted(pilot)] }),
        }),
      ),
    );
    expect(await versions(stream)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});
