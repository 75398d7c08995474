import { Global, Module } from '@nestjs/common';
import { OutboxMetrics } from './outbox-metrics.provider';
import { OutboxRelayService } from './outbox-relay.service';
import { RelayWake } from './relay-wake';

/** The outbox relay of this process, how writers wake it, and the outbox's metrics. */
@Global()
@Module({
  providers: [OutboxRelayService, RelayWake, OutboxMetrics],
  exports: [OutboxRelayService, RelayWake],
})
export class RelayModule {}
