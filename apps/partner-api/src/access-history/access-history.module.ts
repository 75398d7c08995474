import { Module } from '@nestjs/common';
import { AccessRecorder } from './access-recorder';

/** The recording of partners' reads for the pilots' access history: one recorder per replica. */
@Module({ providers: [AccessRecorder], exports: [AccessRecorder] })
export class AccessHistoryModule {}
