import { Global, Logger, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RelayWake } from '@pft/event-store';
import { OutboxMetrics } from './outbox-metrics.provider';
import { OutboxRelayService } from './outbox-relay.service';
import { relayKafkaProvider } from './relay-kafka.provider';

/** The outbox relay of this process, its Kafka client, how writers wake it, and the outbox's metrics. */
@Global()
@Module({
  providers: [
    OutboxRelayService,
    {
      provide: RelayWake,
      inject: [DataSource],
      useFactory: (dataSource: DataSource) => new RelayWake(dataSource, new Logger('relay')),
    },
    OutboxMetrics,
    relayKafkaProvider,
  ],
  exports: [RelayWake],
})
export class RelayModule {}
