import { Global, Inject, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { type Admin, type Kafka } from 'kafkajs';
import { AppConfig } from '../config/app-config';
import { type ReadinessCheck } from '../health/readiness-check';
import { createKafka } from './kafka-factory';

export const KAFKA = Symbol('KAFKA');

@Injectable()
export class KafkaReadiness implements ReadinessCheck, OnApplicationShutdown {
  readonly name = 'kafka';
  private admin?: Admin;

  constructor(@Inject(KAFKA) private readonly kafka: Kafka) {}

  async check(): Promise<void> {
    if (!this.admin) {
      const admin = this.kafka.admin({ retry: { retries: 0 } });
      await admin.connect();
      this.admin = admin;
    }
    try {
      await this.admin.describeCluster();
    } catch (err) {
      const stale = this.admin;
      this.admin = undefined;
      await stale.disconnect().catch(() => undefined);
      throw err;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.admin?.disconnect();
  }
}

@Global()
@Module({
  providers: [
    {
      provide: KAFKA,
      inject: [AppConfig],
      useFactory: (config: AppConfig) =>
        createKafka(config.KAFKA_BROKERS, config.KAFKA_CLIENT_ID, new Logger('kafka')),
    },
    KafkaReadiness,
  ],
  exports: [KAFKA, KafkaReadiness],
})
export class KafkaModule {}
