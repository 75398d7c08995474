import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { KAFKA_CONFIG, type KafkaClientVariables } from '../config/kafka-variables';
import { type ReadinessCheck } from '../health/readiness-check';
import { createKafka } from './kafka-factory';
import { type TopicAdmin } from './kafka.port';

/** One try per check, each bounded, so a check ends soon after the probe stops waiting for it. */
const CONNECTION_TIMEOUT_MS = 1000;
const REQUEST_TIMEOUT_MS = 2000;

/**
 * Asks the brokers for the cluster's metadata through one admin connection that lives as long as the
 * app: it is made once, connected on the first check and again only after a failed one, never more
 * than one attempt at a time (see DependencyProbes). It does not retry on its own (the app's client
 * retries eight times with backoff, which would hold one check for tens of seconds and hide the
 * broker's return as long), and it logs nothing: the probes log a change of state once.
 */
@Injectable()
export class KafkaReadiness implements ReadinessCheck, OnApplicationShutdown {
  readonly name = 'kafka';
  private readonly admin: TopicAdmin;

  constructor(
    @Inject(KAFKA_CONFIG.token)
    config: KafkaClientVariables,
  ) {
    // No logger: the client logs nothing.
    this.admin = createKafka(
      config.KAFKA_BROKERS,
      `${config.KAFKA_CLIENT_ID}-readiness`,
      undefined,
      { connectionTimeout: CONNECTION_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS, retry: { retries: 0 } },
      config.KAFKA_CLIENT,
    ).admin();
  }

  async check(): Promise<void> {
    try {
      // Returns at once while a broker connection is open.
      await this.admin.connect();
      await this.admin.describeCluster();
    } catch (err) {
      // Closes what is left of the connection, so the next check connects afresh.
      await this.admin.disconnect().catch(() => undefined);
      throw err;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.admin.disconnect();
  }
}
