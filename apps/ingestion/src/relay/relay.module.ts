import { Global, Module } from '@nestjs/common';
import { OutboxRelayService } from './outbox-relay.service';
import { RelayWake } from './relay-wake';

/** The outbox relay of this process, and how writers wake it. */
@Global()
@Module({
  providers: [OutboxRelayService, RelayWake],
  exports: [OutboxRelayService, RelayWake],
})
export class RelayModule {}
