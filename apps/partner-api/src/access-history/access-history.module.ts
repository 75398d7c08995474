import { Module } from '@nestjs/common';
import { AccessHistoryRetention } from './access-history-retention';
import { AccessRecorder } from './access-recorder';

/**
 * The recording of partners' reads for the pilots' access history (one recorder per replica), and its
 * retention.
 */
@Module({ providers: [AccessRecorder, AccessHistoryRetention], exports: [AccessRecorder] })
export class AccessHistoryModule {}
