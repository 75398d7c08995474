import { Module } from '@nestjs/common';
import { RequestBodyGuard } from '@pft/platform';
import { FailedAuthentications } from '@pft/partners/rate-limits/failed-authentications';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import { IdempotentRefusals } from '../idempotency/idempotent-refusals';
import { IdempotencyStore } from '../idempotency/idempotency.store';
import { PartnerRateLimitGuard } from '../rate-limit/partner-rate-limit.guard';
import { RateClock } from '@pft/partners/rate-limits/rate-clock';
import { WindowCounter } from '../rate-limit/window-counter';
import { ApiKeyDirectory } from './api-key-directory';
import { PartnerKeyGuard } from './partner-key.guard';
import { PartnerScopeGuard } from './partner-scope.guard';
import { PartnerUnroutedRequests } from './partner-unrouted-requests';
import { PartnerWriteChecksGuard } from './partner-write-checks.guard';

/** What the feature modules' guards and interceptors need. */
const SHARED = [
  ApiKeyDirectory,
  WindowCounter,
  FailedAuthentications,
  PartnerKeyGuard,
  PartnerRateLimitGuard,
  PartnerScopeGuard,
  RequestBodyGuard,
  PartnerWriteChecksGuard,
  PartnerUnroutedRequests,
  IdempotencyStore,
  IdempotencyInterceptor,
  IdempotentRefusals,
];

/**
 * Who may call the partner API: API keys, their rate limits and scopes; and idempotent POSTs. A feature module whose
 * controllers use PartnerEndpoint imports this one for the guards' dependencies.
 */
@Module({ providers: [...SHARED, RateClock], exports: [...SHARED, RateClock] })
export class AccessModule {}
