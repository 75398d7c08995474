import { Controller, Get, Header } from '@nestjs/common';
import { register } from 'prom-client';
import { RawResponse } from '../http/envelope.interceptor';

@Controller('metrics')
export class MetricsController {
  @Get()
  @RawResponse()
  @Header('Content-Type', register.contentType)
  metrics(): Promise<string> {
    return register.metrics();
  }
}
