import { createTestDatabase, type TestDatabase } from '@pft/testing';
import { startLogbookPipeline, type LogbookPipeline } from './logbook-pipeline';
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
