import { randomUUID } from 'node:crypto';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { createDataSource, type KafkaClient, loadConfig } from '@pft/platform';
import { PartnerReadRevision } from '@pft/totals';
import { mintPilotToken } from '@pft/logbook/pilot-auth/pilot-jwt';
import { PilotTotalsConsumer } from '@pft/totals/projection/pilot-totals.consumer';
import {
  createTestTopic,
  deleteTestTopics,
  testKafka,
  type TestDatabase,
  uniqueRedisPrefix,
} from '@pft/testing';
import { createIngestionApp } from '../../apps/ingestion/src/ingestion-app';
import { IngestionConfig } from '../../apps/ingestion/src/ingestion.config';

/**
 * The write side and the projector of the real pipeline, in this process: the ingestion app (with its
 * outbox relay) on `database`, publishing to a topic of its own, and the pilot totals consumer
 * projecting that topic into the same database, where the partner API reads it.
 */
export interface LogbookPipeline {
  /** PARTNER_REDIS_PREFIX of this pipeline: a partner API reading its database must use the same. */
  redisPrefix: string;
  /** A new pilot account and a supertest client that acts as that pilot on the ingestion API. */
  pilot(): Pilot;
  close(): Promise<void>;
}

export interface Pilot {
  id: string;
  send(method: 'get' | 'post' | 'put' | 'delete', path: string, body?: unknown): Promise<request.Response>;
  /** Uploads a logbook file (POST /pilot/v1/imports) as `type`. */
  upload(bytes: Buffer, type?: string): Promise<request.Response>;
  /** A fresh linking code issued through the pilot app API. */
  linkingCode(): Promise<string>;
}

/** `env` is added to the pipeline's configuration (e.g. a REDIS_URL through a TcpProxy). */
export async function startLogbookPipeline(
  database: TestDatabase,
  env: Record<string, string> = {},
): Promise<LogbookPipeline> {
  const kafka: KafkaClient = testKafka('partner-api-e2e');
  const topic = await createTestTopic(kafka, 'partner-api', 3);
  const deadLetters = await createTestTopic(kafka, 'partner-api-dlq', 1);
  const redisPrefix = uniqueRedisPrefix();
  Object.assign(process.env, {
    PARTNER_REDIS_PREFIX: redisPrefix,
    DATABASE_URL: database.url,
    PILOT_EVENTS_TOPIC: topic,
    DEAD_LETTER_TOPIC: deadLetters,
    RELAY_ENABLED: 'true',
    LOG_LEVEL: 'warn',
    DATABASE_POOL_SIZE: '5',
    ...env,
  });
  const config = loadConfig(IngestionConfig);
  const ingestion: NestFastifyApplication = await createIngestionApp(config);
  await ingestion.init();
  await ingestion.getHttpAdapter().getInstance().ready();
  const projectorDb = await createDataSource(database.url, 4).initialize();
  // As the projector app does: each applied batch moves the partner read revision on.
  const partnerReads = ingestion.get(PartnerReadRevision);
  const consumer = new PilotTotalsConsumer({
    kafka,
    dataSource: projectorDb,
    topic,
    deadLetterTopic: deadLetters,
    version: 1,
    afterChange: () => partnerReads.announceChange(),
  });
  await consumer.start();

  return {
    redisPrefix,
    pilot: () => {
      const id = randomUUID();
      const token = mintPilotToken(config.JWT_SECRET, id, 3600);
      const send = (method: 'get' | 'post' | 'put' | 'delete', path: string, body?: unknown) => {
        const req = request(ingestion.getHttpServer())[method](path).set('Authorization', `Bearer ${token}`);
        return body === undefined ? req : req.send(body as object);
      };
      return {
        id,
        send,
        upload: (bytes, type = 'text/csv') =>
          request(ingestion.getHttpServer())
            .post('/pilot/v1/imports')
            .set('Authorization', `Bearer ${token}`)
            .set('Content-Type', type)
            .send(bytes),
        linkingCode: async () => {
          const res = await send('post', '/pilot/v1/linking-codes');
          if (res.status !== 201) throw new Error(`linking code not issued: ${res.status} ${res.text}`);
          return (res.body as { data: { linking_token: string } }).data.linking_token;
        },
      };
    },
    close: async () => {
      await consumer.stop();
      await ingestion.close();
      await projectorDb.destroy();
      await deleteTestTopics(kafka, [topic, deadLetters]);
    },
  };
}
