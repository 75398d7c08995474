import { bearer as partnerAuth } from '../../partner-api/partner-api.expectations';
import { startPartnerApi, type PartnerApiUnderTest } from '../../partner-api/partner-api.harness';
import { startIngestion, type IngestionHarness } from './ingestion-harness';

/**
 * The pilot app API and a partner API on one database, started for the tests of the `describe` this
 * is called in and closed after them (the partner API first): both objects are filled in before the
 * first test runs.
 */
export function ingestionWithPartnerApi(partnerEnv: Record<string, string> = {}): {
  h: IngestionHarness;
  api: PartnerApiUnderTest;
} {
  const h = {} as IngestionHarness;
  const api = {} as PartnerApiUnderTest;
  beforeAll(async () => {
    Object.assign(h, await startIngestion());
    Object.assign(api, await startPartnerApi(partnerEnv, h.db));
  });
  afterAll(async () => {
    await api.close?.();
    await h.close?.();
  });
  return { h, api };
}

/** Links the pilot to the partner with a linking code the pilot issues: the pilot_id the partner holds. */
export async function linkPilot(
  { h, api }: { h: IngestionHarness; api: PartnerApiUnderTest },
  pilotToken: string,
  partnerKey: string,
): Promise<string> {
  const code = await h.as(pilotToken).post('/pilot/v1/linking-codes').expect(201);
  const { linking_token } = (code.body as { data: { linking_token: string } }).data;
  const linked = await api
    .http()
    .post('/v1/link')
    .set(partnerAuth(partnerKey))
    .send({ linking_token })
    .expect(200);
  return (linked.body as { data: { pilot_id: string } }).data.pilot_id;
}
