import { Module } from '@nestjs/common';
import { DeliveryWorkerService } from './delivery-worker.service';

/** Attempts, retries, ordering per endpoint and pilot, and the disabling of dead endpoints. */
@Module({ providers: [DeliveryWorkerService] })
export class DeliveryModule {}
