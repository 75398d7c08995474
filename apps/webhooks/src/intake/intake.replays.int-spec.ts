import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { type DataSource } from 'typeorm';
import { ERASURE_DELETES } from '@pft/privacy';
import { type EventMessage } from '@pft/contracts';
import { deliveriesOf, storeConnection } from '@pft/testing/webhook-ground';
import { dispatchRound } from '../delivery/dispatcher-rounds.test-support';
import { withPartnerGround } from '../webhooks-ground.test-support';
import { takeInEvents } from './intake.statements';

/** What happens in the store, in this order: each history event's commit, and the erasure's steps. */
type Commit = { event: number } | { erasure: true };

/** What the intake and the dispatcher do meanwhile, in an order fast-check draws. */
type Action =
  | { kind: 'commit' }
  | { kind: 'deliver'; count: number }
  | { kind: 'replay'; pick: number; count: number }
  | { kind: 'dispatch' };

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  fc.constant<Action>({ kind: 'commit' }),
  fc.record({ kind: fc.constant('deliver' as const), count: fc.integer({ min: 1, max: 3 }) }),
  fc.record({
    kind: fc.constant('replay' as const),
    pick: fc.nat(),
    count: fc.integer({ min: 1, max: 3 }),
  }),
  fc.constant<Action>({ kind: 'dispatch' }),
);

/**
 * The webhooks intake reads the topic at least once and in any lag behind the store: events come late,
 * twice, or again long after (a consumer that lost its offsets). Whatever the order, an erased pilot's
 * old connection keeps nothing queued (not a change of what it shared) but its link's notices still to
 * go out (pilot.linked, pilot.disconnected), each deleted once settled, and its partner is told of the
 * link and then of its end once each, however late the intake first read them and however often again;
 * another account, and the same account come back under a new connection, get what one in-order
 * delivery gives them.
 */
describe('webhooks intake: replayed events around an account erasure (Postgres)', () => {
  let ds: DataSource;
  let partnerId: string;
  withPartnerGround(
    2,
    'Replays',
    { events: ['pilot.linked', 'pilot.disconnected', 'pilot.sharing_updated', 'pilot_totals.updated'] },
    (made) => ({ ds, partnerId } = made),
  );

  /** Account A (linked, erased, back under a new connection) and account B, as the topic holds them. */
  function world() {
    const [a, b, a1, a2, b1] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    let position = 0;
    const event = (type: string, pilot: string, streamVersion: number, payload: object): EventMessage =>
      ({
        event_id: randomUUID(),
        type,
        version: 1,
        stream_id: `${type.startsWith('Pilot') || type === 'ExperienceSharingChanged' ? 'consent' : 'logbook'}-${pilot}`,
        stream_version: streamVersion,
        position: String(++position),
        pilot_account_id: pilot,
        occurred_at: new Date().toISOString(),
        metadata: { command_last_version: streamVersion },
        payload: { pilot_account_id: pilot, ...payload },
      }) as unknown as EventMessage;
    const linked = (pilot: string, connection: string, v: number) =>
      event('PilotLinked', pilot, v, { partner_id: partnerId, connection_id: connection, linked_at: 'x' });
    const shared = (pilot: string, connection: string, v: number) =>
      event('ExperienceSharingChanged', pilot, v, {
        partner_id: partnerId,
        connection_id: connection,
        share_experience: true,
        changed_at: 'x',
      });
    const history = [
      linked(a, a1, 1),
      linked(b, b1, 1),
      event('FlightRecorded', a, 1, {}),
      event('FlightRecorded', b, 1, {}),
      shared(a, a1, 2),
      shared(b, b1, 2),
      event('PilotDisconnected', a, 3, { partner_id: partnerId, connection_id: a1, disconnected_at: 'x' }),
      event('AccountErased', a, 2, {}),
      linked(a, a2, 4),
      event('FlightRecorded', a, 3, {}),
    ];
    const commits: Commit[] = [0, 1, 2, 3, 4, 5, 6, 7, { erasure: true as const }, 8, 9].map((c) =>
      typeof c === 'number' ? { event: c } : c,
    );
    /** The store's side of each commit: the connections rows, and the erasure's steps after AccountErased. */
    const commit = async (c: Commit): Promise<void> => {
      if ('erasure' in c) {
        await ds.transaction(async (tx) => {
          await ERASURE_DELETES.liveAnswers(tx, a);
          await ERASURE_DELETES.webhookDeliveries(tx, a);
          await ERASURE_DELETES.idempotencyKeys(tx, a);
          await ERASURE_DELETES.connections(tx, a);
        });
        return;
      }
      const insert = (connection: string, pilot: string) =>
        storeConnection(ds, { connection, partnerId, pilot });
      if (c.event === 0) await insert(a1, a);
      if (c.event === 1) await insert(b1, b);
      if (c.event === 4 || c.event === 5)
        await ds.query(`update connections set shares_experience = true where connection_id = $1`, [
          c.event === 4 ? a1 : b1,
        ]);
      if (c.event === 6)
        await ds.query(`update connections set disconnected_at = now() where connection_id = $1`, [a1]);
      if (c.event === 8) await insert(a2, a);
    };
    return { a, b, a1, a2, b1, history, commits, commit };
  }

  /** The intake takes the messages in: read for the first time, or `again`. */
  const takeIn = (messages: EventMessage[], again = false) =>
    ds.transaction((tx) => takeInEvents(tx, messages, { readBefore: () => again }));

  /** What the dispatcher sent, by the partner's pilot_id, in order. */
  let sent = new Map<string, string[]>();

  /** The dispatcher's round, every attempt answered 200. */
  async function dispatch(): Promise<number> {
    const round = await dispatchRound(ds);
    for (const d of round.attempted) sent.set(d.ordering_key, [...(sent.get(d.ordering_key) ?? []), d.type]);
    return round.claimed;
  }

  it('sends a pilot.linked taken in between the erasure’s deliveries step and its connections step, then keeps nothing of it', async () => {
    const w = world();
    // Linked, shared, disconnected in the store; the intake has taken in none of it yet.
    for (const c of w.commits.slice(0, 7)) await w.commit(c);
    await ds.transaction((tx) => ERASURE_DELETES.webhookDeliveries(tx, w.a));
    // The intake, late, takes in the link and what it shared while the ended connection is still there.
    await takeIn(w.history.slice(0, 5));
    expect(await deliveriesOf(ds, w.a1)).toEqual(['pilot.linked pending', 'pilot.sharing_updated pending']);
    await ds.transaction((tx) => ERASURE_DELETES.connections(tx, w.a));
    // The link's notice is to go out (before the disconnect's, once that is taken in); the rest is gone.
    expect(await deliveriesOf(ds, w.a1)).toEqual(['pilot.linked pending']);
    while ((await dispatch()) > 0);
    expect(await deliveriesOf(ds, w.a1)).toEqual([]);
  });

  it('queues nothing of an erased connection but its notice, deleted once sent, and changes no other state', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(actionArb, { maxLength: 30 }), async (actions) => {
        const w = world();
        sent = new Map();
        let committed = 0;
        let delivered = 0;
        /** Events the store holds: the intake cannot read one before its commit. */
        const readable = () =>
          w.commits.slice(0, committed).filter((c): c is { event: number } => 'event' in c).length;
        for (const action of actions) {
          if (action.kind === 'commit' && committed < w.commits.length)
            await w.commit(w.commits[committed++]!);
          if (action.kind === 'deliver') {
            const to = Math.min(readable(), delivered + action.count);
            if (to > delivered) await takeIn(w.history.slice(delivered, to));
            delivered = Math.max(delivered, to);
          }
          if (action.kind === 'replay' && delivered > 0) {
            const from = action.pick % delivered;
            await takeIn(w.history.slice(from, Math.min(delivered, from + action.count)), true);
          }
          if (action.kind === 'dispatch') await dispatch();
        }
        while (committed < w.commits.length) await w.commit(w.commits[committed++]!);
        if (delivered < w.history.length) await takeIn(w.history.slice(delivered));
        while ((await dispatch()) > 0);
        // A consumer that lost its offsets reads the whole topic again.
        await takeIn(w.history, true);
        while ((await dispatch()) > 0);
        expect(await deliveriesOf(ds, w.a1)).toEqual([]);
        // The erased link told once, however late or often read: its link, then its end, and what it
        // shared only while it lasted.
        const toA1 = sent.get(w.a1) ?? [];
        expect(toA1.filter((type) => type !== 'pilot.sharing_updated')).toEqual([
          'pilot.linked',
          'pilot.disconnected',
        ]);
        expect(toA1.slice(0, -1).filter((type) => type === 'pilot.sharing_updated').length).toBe(
          toA1.length - 2,
        );
        expect(toA1.filter((type) => type === 'pilot.sharing_updated').length).toBeLessThanOrEqual(1);
        expect(await deliveriesOf(ds, w.b1)).toEqual([
          'pilot.linked delivered',
          'pilot.sharing_updated delivered',
        ]);
        expect(await deliveriesOf(ds, w.a2)).toEqual(['pilot.linked delivered']);
        const changes = await ds.query<{ pilot_account_id: string; changed_version: number }[]>(
          `select pilot_account_id::text, changed_version from webhook_totals_changes
            where pilot_account_id = any($1::uuid[]) order by changed_version`,
          [[w.a, w.b]],
        );
        expect(changes).toEqual([
          { pilot_account_id: w.b, changed_version: 1 },
          { pilot_account_id: w.a, changed_version: 3 },
        ]);
      }),
      { numRuns: 60 },
    );
  });
});
