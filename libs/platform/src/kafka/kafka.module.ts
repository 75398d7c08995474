import { Global, Logger, Module } from '@nestjs/common';
import { KAFKA_CONFIG, type KafkaClientVariables } from '../config/kafka-variables';
import { createKafka } from './kafka-factory';
import { KafkaReadiness } from './kafka-readiness';

export { KafkaReadiness } from './kafka-readiness';

/** The app's KafkaClient (kafka.port.ts). */
export const KAFKA = Symbol('KAFKA');

@Global()
@Module({
  providers: [
    {
      provide: KAFKA,
      inject: [KAFKA_CONFIG.token],
      useFactory: (config: KafkaClientVariables) =>
        createKafka(
          config.KAFKA_BROKERS,
          config.KAFKA_CLIENT_ID,
          new Logger('kafka'),
          undefined,
          config.KAFKA_CLIENT,
        ),
    },
    KafkaReadiness,
  ],
  exports: [KAFKA, KafkaReadiness],
})
export class KafkaModule {}
