import { type DataSource } from 'typeorm';
import { createEndpoint } from '@pft/webhooks';
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
