import { Module } from '@nestjs/common';
import { collectDefaultMetrics, register } from 'prom-client';
import { MetricsController } from './metrics.controller';

let defaultsCollected = false;

/** Prometheus text at `GET /metrics`: process metrics plus whatever the app registers with prom-client. */
@Module({ controllers: [MetricsController] })
export class MetricsModule {
  constructor() {
    if (!defaultsCollected) {
      collectDefaultMetrics({ register });
      defaultsCollected = true;
    }
  }
}
