import { randomUUID } from 'node:crypto';
import { type DataSource, type QueryRunner } from 'typeorm';
import { createPartner, endConnection } from '@pft/partners';
import { withTestDataSource } from '@pft/testing';
import { consentMessage, madeEndpoint, storeConnection } from '@pft/testing/webhook-ground';
import { queueWebhookEvent } from '@pft/webhooks';
import { type SubscribableEventType } from '@pft/webhooks/domain';
import { type ClaimedDelivery, claimDueDeliveries } from './delivery/delivery.store';
import { takeInEvents } from './intake/intake.statements';

/** A test database of the file's own, and the partner made on it for the file's tests. */
interface PartnerGround {
  ds: DataSource;
  partnerId: string;
}

/** A PartnerGround whose partner has an endpoint. */
interface EndpointGround extends PartnerGround {
  endpointId: string;
}

/** The endpoint a partner of the ground is made with: taking `events`, at `url` (else TEST_ENDPOINT_URL). */
interface EndpointWanted {
  events: readonly SubscribableEventType[];
  url?: string;
}

/**
 * A migrated database of the file's own with a data source of `poolSize` connections (withTestDataSource)
 * and a partner named `name` on it, with one endpoint when `endpoint` is given (webhook-ground's
 * madeEndpoint), all made before the file's tests and handed to `made`.
 */
export function withPartnerGround(
  poolSize: number,
  name: string,
  made: (ground: PartnerGround) => void,
): void;
export function withPartnerGround(
  poolSize: number,
  name: string,
  endpoint: EndpointWanted,
  made: (ground: EndpointGround) => void,
): void;
export function withPartnerGround(
  poolSize: number,
  name: string,
  ...wanted:
    | [made: (ground: PartnerGround) => void]
    | [endpoint: EndpointWanted, made: (ground: EndpointGround) => void]
): void {
  let ds: DataSource;
  withTestDataSource(poolSize, (dataSource) => (ds = dataSource));
  beforeAll(async () => {
    const { partnerId } = await createPartner(ds, name);
    if (wanted.length === 1) return wanted[0]({ ds, partnerId });
    const [endpoint, made] = wanted;
    made({ ds, partnerId, endpointId: await madeEndpoint(ds, partnerId, endpoint.events, endpoint.url) });
  });
}

/** A dispatcher's claim of every due delivery (100 an endpoint at most), held for `leaseMs`. */
export const claimAllDue = (ds: DataSource, leaseMs = 60_000): Promise<ClaimedDelivery[]> =>
  claimDueDeliveries(ds, { limit: 100, perEndpoint: 100, busyEndpoints: [], leaseMs });

/** What a transaction holding the row of delivery `deliveryId` does to take it (queuedBehindARow's `hold`). */
export const holdingDelivery =
  (deliveryId: string) =>
  (holder: QueryRunner): Promise<unknown> =>
    holder.query('select 1 from webhook_deliveries where delivery_id = $1 for update', [deliveryId]);

/** A pilot's link to a partner: the pilot's account id and the connection's (the partner's pilot_id). */
export interface PilotLink {
  pilot: string;
  connection: string;
}

/**
 * A pilot linked to `partnerId`: the connection stored as the partner API stores it, then its PilotLinked
 * (and, `sharing`, its choice to share its experience) taken in by the intake in one batch.
 */
export async function linkTakenIn(
  ds: DataSource,
  partnerId: string,
  options: { sharing?: boolean } = {},
): Promise<PilotLink> {
  const [pilot, connection] = [randomUUID(), randomUUID()];
  await storeConnection(ds, { connection, partnerId, pilot });
  const events = [
    consentMessage('PilotLinked', pilot, partnerId, {
      connection_id: connection,
      linked_at: new Date().toISOString(),
    }),
  ];
  if (options.sharing)
    events.push(
      consentMessage('ExperienceSharingChanged', pilot, partnerId, {
        connection_id: connection,
        share_experience: true,
      }),
    );
  await ds.transaction((tx) => takeInEvents(tx, events));
  return { pilot, connection };
}

/** A pilot_totals.updated about the link queued for `endpointId`, as the totals notifier queues it. */
export async function queuedTotalsNotice(ds: DataSource, endpointId: string, link: PilotLink): Promise<void> {
  await queueWebhookEvent(ds, {
    endpointId,
    type: 'pilot_totals.updated',
    data: { pilot_id: link.connection, last_updated: new Date().toISOString() },
    orderingKey: link.connection,
    sourceKey: `totals:${link.pilot}:1`,
  });
}

/** The pilot's disconnect from `partnerId`: the connection ended, then its PilotDisconnected taken in. */
export async function disconnectTakenIn(ds: DataSource, partnerId: string, link: PilotLink): Promise<void> {
  await endConnection(ds, link.connection, new Date().toISOString());
  await ds.transaction((tx) =>
    takeInEvents(tx, [
      consentMessage('PilotDisconnected', link.pilot, partnerId, {
        connection_id: link.connection,
        disconnected_at: new Date().toISOString(),
      }),
    ]),
  );
}
