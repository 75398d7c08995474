import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { encodeEventMessage, type EventMessage } from '@pft/contracts';
import { type KafkaClient } from '@pft/platform';
import { testKafka, waitFor, withProjectionGround } from '@pft/testing';
import { publishMessages } from '@pft/testing/oracle';
import { deliveriesOf, partnerWithEndpoint } from '@pft/testing/webhook-ground';
import { markRepublished } from '@pft/webhooks';
import { dispatchAll as dispatchAllOf } from '../delivery/dispatcher-rounds.test-support';
import { WebhooksConfig } from '../webhooks.config';
import { intakeConsumers } from './intake-consumers.test-support';
import { PilotEventsIntakeService } from './pilot-events-intake.service';

/**
 * A link the webhooks intake reads only after the pilot's account was erased (its connection deleted):
 * the partner is told of the link, then of its end, once. The intake reading the topic again (a
 * consumer group whose offsets were lost) queues neither again, though their deliveries were deleted
 * once sent: its marks in Postgres tell a message read again from a first read.
 */
describe('webhooks intake: the notices of an erased pilot’s link read late, then read again (Kafka, Postgres)', () => {
  const kafka = testKafka('pft-webhooks-read-again-test');
  let ds: DataSource;
  const ground = withProjectionGround(kafka, 4, (made) => (ds = made));

  /** The intake's consumer in group `groupId` (a group of its own: the topic read from its start). */
  function inGroup(client: KafkaClient, groupId: string, taken: number[]): KafkaClient {
    return intakeConsumers(client, { groupId }, async (payload, takeIn) => {
      await takeIn();
      taken.push(payload.batch.messages.length);
    });
  }

  /** Runs an intake in a new group until it has taken in `count` messages. */
  async function readTopic(topic: string, count: number): Promise<void> {
    const taken: number[] = [];
    const config = Object.assign(new WebhooksConfig(), { PILOT_EVENTS_TOPIC: topic });
    const intake = new PilotEventsIntakeService(
      inGroup(kafka, `pft-webhooks-${randomUUID()}`, taken),
      ds,
      config,
    );
    intake.onApplicationBootstrap();
    try {
      await waitFor(
        () => (taken.reduce((a, b) => a + b, 0) >= count ? true : undefined),
        60_000,
        'the topic read',
      );
    } finally {
      await intake.beforeApplicationShutdown();
    }
  }

  /** The dispatcher's rounds until nothing is due, every attempt answered 200: what was sent. */
  const dispatchAll = () => dispatchAllOf(ds);

  /**
   * An erased pilot's link and its end (the erasure's disconnect, its connection deleted), published to
   * `topic` before the intake read any of it; `republish` publishes the same messages to another topic.
   */
  async function publishErasedLink(
    topic: string,
    partnerId: string,
  ): Promise<{ connection: string; republish: (to: string) => Promise<void> }> {
    const [pilot, connection] = [randomUUID(), randomUUID()];
    const at = new Date().toISOString();
    const event = (type: string, version: number, streamVersion: number, payload: object): EventMessage =>
      ({
        event_id: randomUUID(),
        type: type as EventMessage['type'],
        version,
        stream_id: `consent-${pilot}`,
        stream_version: streamVersion,
        position: String(streamVersion),
        pilot_account_id: pilot,
        occurred_at: at,
        metadata: { command_last_version: streamVersion },
        payload: { pilot_account_id: pilot, partner_id: partnerId, connection_id: connection, ...payload },
      }) as EventMessage;
    const messages = [
      event('PilotLinked', 2, 1, { linked_at: at, share_experience: false }),
      event('PilotDisconnected', 1, 2, { disconnected_at: at }),
    ].map((m) => ({ key: pilot, value: encodeEventMessage(m) }));
    await publishMessages(kafka, topic, messages);
    return { connection, republish: (to) => publishMessages(kafka, to, messages) };
  }

  /** A partner with an endpoint taking the link notices. */
  async function partnerTold(name: string): Promise<string> {
    const { partnerId } = await partnerWithEndpoint(ds, name, ['pilot.linked', 'pilot.disconnected']);
    return partnerId;
  }

  it('tells the partner of the link and of its end once, however often the topic is read', async () => {
    const [topic] = await ground.topicPair('webhooks-read-again', 1);
    const { connection } = await publishErasedLink(topic, await partnerTold('Read again'));

    await readTopic(topic, 2);
    expect(await dispatchAll()).toEqual(['pilot.linked', 'pilot.disconnected']);
    expect(await deliveriesOf(ds, connection)).toEqual([]);

    // Read again from the start: nothing more is told.
    await readTopic(topic, 2);
    expect(await dispatchAll()).toEqual([]);
    expect(await deliveriesOf(ds, connection)).toEqual([]);
  }, 120_000);

  it('tells it nothing again from a topic the store was republished to (pft privacy seal-events --republish-to)', async () => {
    const [before] = await ground.topicPair('webhooks-republished-from', 1);
    const [after] = await ground.topicPair('webhooks-republished-to', 1);
    const { connection, republish } = await publishErasedLink(before, await partnerTold('Republished'));
    await readTopic(before, 2);
    expect(await dispatchAll()).toEqual(['pilot.linked', 'pilot.disconnected']);

    // The store republished to a new topic, its messages marked taken in as the command marks them;
    // the intake then reads the new topic from its start.
    await republish(after);
    const admin = kafka.admin();
    await admin.connect();
    const ends = await admin.fetchTopicOffsets(after).finally(() => admin.disconnect());
    await markRepublished(ds, after, ends);
    await readTopic(after, 2);
    expect(await dispatchAll()).toEqual([]);
    expect(await deliveriesOf(ds, connection)).toEqual([]);
  }, 120_000);
});
