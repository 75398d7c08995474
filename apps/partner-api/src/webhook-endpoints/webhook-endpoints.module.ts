import { Module } from '@nestjs/common';
import { AccessModule } from '../auth/access.module';
import { WebhookDeliveriesController } from './webhook-deliveries.controller';
import { WebhookEndpointsController } from './webhook-endpoints.controller';

/** `/v1/webhook-endpoints`: a partner's webhook endpoints, their test events and delivery log. */
@Module({
  imports: [AccessModule],
  controllers: [WebhookEndpointsController, WebhookDeliveriesController],
})
export class WebhookEndpointsModule {}
