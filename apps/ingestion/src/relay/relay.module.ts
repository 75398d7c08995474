import { Global, Module } from '@nestjs/common';
import { OutboxMetrics } from './outbox-metrics.provider';
import { OutboxRelayService } from './outbox-relay.service';
import { relayKafkaProvider } from './relay-kafka.provider';
import { RelayWake } from './relay-wake';

/** The outbox relay of this process, its Kafka client, how writers wake it, and the outbox's metrics. */
@Global()
@Module({
  providers: [OutboxRelayService, RelayWake, OutboxMetrics, relayKafkaProvider],
  exports: [OutboxRelayService, RelayWake],
})
export class RelayModule {}
