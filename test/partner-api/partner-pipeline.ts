import { createTestDatabase, type TestDatabase } from '@pft/testing';
import { startLogbookPipeline, type LogbookPipeline } from './logbook-pipeline';
import { partnerWithKey, type TestPartner } from './partner-api.factories';
import { startPartnerApi, type PartnerApiUnderTest } from './partner-api.harness';

/**
 * A fresh database, the logbook pipeline on it (startLogbookPipeline) and partner API replicas reading
 * it with the pipeline's Redis prefix, as a partner sees the real service.
 */
export interface PartnerPipeline {
  database: TestDatabase;
  pipeline: LogbookPipeline;
  replicas: [PartnerApiUnderTest, ...PartnerApiUnderTest[]];
  /** Closes the replicas and the pipeline, then drops the database. */
  close(): Promise<void>;
}

/** Starts the pipeline and `replicaCount` partner APIs; what started is closed again when the start fails. */
export async function startPartnerPipeline(replicaCount = 1): Promise<PartnerPipeline> {
  const database = await createTestDatabase();
  let pipeline: LogbookPipeline | undefined;
  const replicas: PartnerApiUnderTest[] = [];
  const close = async (): Promise<void> => {
    for (const replica of replicas) await replica.close();
    await pipeline?.close();
    await database.drop();
  };
  try {
    pipeline = await startLogbookPipeline(database);
    const env = { PARTNER_REDIS_PREFIX: pipeline.redisPrefix };
    do replicas.push(await startPartnerApi(env, database));
    while (replicas.length < replicaCount);
    return { database, pipeline, replicas: replicas as PartnerPipeline['replicas'], close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** What partnerPipelineSuite gives a describe block, set before its tests. */
export interface PartnerPipelineSuite {
  pipeline: LogbookPipeline;
  replicas: PartnerPipeline['replicas'];
  /** A partner with a key, made by partnerWithKey on the first replica's database. */
  partner: TestPartner;
}

/**
 * The pipeline and `replicaCount` partner APIs of a describe block, started before its tests and closed
 * after them, with a partner and its key made by partnerWithKey(`partner`). Read its fields inside tests
 * and hooks: they are set in beforeAll.
 */
export function partnerPipelineSuite(
  replicaCount: number,
  partner?: Parameters<typeof partnerWithKey>[1],
): PartnerPipelineSuite {
  const suite = {} as PartnerPipelineSuite;
  let started: PartnerPipeline | undefined;
  beforeAll(async () => {
    started = await startPartnerPipeline(replicaCount);
    suite.pipeline = started.pipeline;
    suite.replicas = started.replicas;
    suite.partner = await partnerWithKey(started.replicas[0].db, partner);
  });
  afterAll(() => started?.close());
  return suite;
}
