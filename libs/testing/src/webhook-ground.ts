import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { type EventMessage } from '@pft/contracts';
import { createPartner } from '@pft/partners';
import { createEndpoint, queueWebhookEvent } from '@pft/webhooks';
import { type SubscribableEventType } from '@pft/webhooks/domain';

/** The URL of the test endpoints: never called (the tests record the dispatcher's outcomes themselves). */
export const TEST_ENDPOINT_URL = 'https://hooks.example.com/pft';

/** A new enabled endpoint of `partnerId` taking `events`: its id. */
export async function madeEndpoint(
  ds: DataSource,
  partnerId: string,
  events: readonly SubscribableEventType[],
  url = TEST_ENDPOINT_URL,
): Promise<string> {
  const made = await createEndpoint(ds, partnerId, url, events);
  if (!made.ok) throw new Error('no endpoint');
  return made.endpoint.id;
}

/** A pilot's connection to a partner, as the partner API stores it when the pilot links. */
export interface TestConnection {
  connection: string;
  partnerId: string;
  pilot: string;
  /** Disconnected (at the same instant it was linked): the connection kept, ended. */
  ended?: boolean;
  /** How long ago it was linked, as a Postgres interval ('1 hour'); now when left out. */
  linkedAgo?: string;
}

/** Stores the connection as linking (and, `ended`, disconnecting) leaves it. */
export async function storeConnection(ds: Pick<DataSource, 'query'>, c: TestConnection): Promise<void> {
  await ds.query(
    `insert into connections (connection_id, partner_id, pilot_account_id, linked_at, disconnected_at)
     values ($1, $2, $3, now() - $4::interval, case when $5 then now() end)`,
    [c.connection, c.partnerId, c.pilot, c.linkedAgo ?? '0', c.ended ?? false],
  );
}

/** The deliveries kept about a connection (their ordering key), oldest first: "type status" each. */
export async function deliveriesOf(ds: Pick<DataSource, 'query'>, orderingKey: string): Promise<string[]> {
  const rows = await ds.query<{ type: string; status: string }[]>(
    'select type, status from webhook_deliveries where ordering_key = $1 order by delivery_id',
    [orderingKey],
  );
  return rows.map((r) => `${r.type} ${r.status}`);
}

/**
 * An event of a pilot's consent stream (PilotLinked, ExperienceSharingChanged, PilotDisconnected...) as
 * the webhooks intake reads it from the topic: about the pilot's connection to `partnerId`.
 */
export const consentMessage = (
  type: string,
  pilot: string,
  partnerId: string,
  payload: object,
): EventMessage =>
  ({
    event_id: randomUUID(),
    type,
    version: 1,
    stream_id: `consent-${pilot}`,
    stream_version: 1,
    position: '1',
    pilot_account_id: pilot,
    occurred_at: new Date().toISOString(),
    metadata: { command_last_version: 1 },
    payload: { pilot_account_id: pilot, partner_id: partnerId, ...payload },
  }) as unknown as EventMessage;

/**
 * A pilot who disconnected from the partner (the connection kept, ended) and the pilot.disconnected
 * queued for `endpointId` about it: the connection's id (the partner's pilot id) and the notice's event id.
 */
export async function queuedDisconnect(
  ds: DataSource,
  partnerId: string,
  endpointId: string,
): Promise<{ connection: string; eventId: string }> {
  const connection = randomUUID();
  await storeConnection(ds, { connection, partnerId, pilot: randomUUID(), ended: true });
  await queueWebhookEvent(ds, {
    endpointId,
    type: 'pilot.disconnected',
    data: { pilot_id: connection, disconnected_at: new Date().toISOString() },
    orderingKey: connection,
    sourceKey: `disconnected:${connection}`,
  });
  const [row] = await ds.query<{ event_id: string }[]>(
    'select event_id from webhook_deliveries where ordering_key = $1 and endpoint_id = $2',
    [connection, endpointId],
  );
  return { connection, eventId: row!.event_id };
}

/** A new partner named `name` with one endpoint taking `events`: their ids. */
export async function partnerWithEndpoint(
  ds: DataSource,
  name: string,
  events: readonly SubscribableEventType[],
  url = TEST_ENDPOINT_URL,
): Promise<{ partnerId: string; endpointId: string }> {
  const { partnerId } = await createPartner(ds, name);
  return { partnerId, endpointId: await madeEndpoint(ds, partnerId, events, url) };
}
