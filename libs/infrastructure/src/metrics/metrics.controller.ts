import { Controller, Get, Header } from '@nestjs/common';
import { register } from 'prom-client';

/** Prometheus text; a string, so the envelope hook leaves it as it is. */
@Controller('metrics')
export class MetricsController {
  @Get()
  @Header('Content-Type', register.contentType)
  metrics(): Promise<string> {
    return register.metrics();
  }
}
