export * from './config';
export { ConfigModule } from './config/config.module';
export { createDataSource, dataSourceOptions, splitDatabaseUrl } from './database/data-source';
export {
  appDataSourceOptions,
  DatabaseModule,
  openAppDataSource,
  PostgresReadiness,
} from './database/database.module';
export type { Queryable } from './database/queryable';
export { rowsOf } from './database/rows-of';
export { countDeleted } from './database/count-deleted';
export { WriteOutcomeUnknown, writeOutcomeTimeoutMs } from './database/write-outcome';
export { HealthModule } from './health/health.module';
export { ConsumerInGroupCheck, type ReadinessCheck } from './health/readiness-check';
export { ApiError, PLATFORM_ERRORS } from './http/api-error';
export type { BusinessErrorCodes, ErrorCode, ErrorDetail, PlatformErrorCode } from './http/api-error';
export { ErrorCodes, PLATFORM_ERROR_CODES, errorCodes } from './http/error-codes';
export type { CodeOf, ContextErrors, DomainError } from './http/error-codes';
export { SerializedJson, meta } from './http/envelope';
export { toErrorResponse } from './http/error-response';
export { httpReplyOf, httpRequestOf } from './http/http-context';
export { RequestBodyGuard } from './http/request-body.guard';
export { receivedBodySha256, StreamedBody } from './http/request-body';
export { GetOnly } from './http/get-only';
export { BodyLimit, applyRouteBodyLimits } from './http/route-body-limits';
export { createHttpApp, serveHttpApp, startHttpApp } from './http/start-http-app';
export type { UnroutedRequestCheck } from './http/unrouted-request';
export { createKafka } from './kafka/kafka-factory';
export { KafkaReadiness } from './kafka/kafka-readiness';
export { KAFKA, KafkaModule } from './kafka/kafka.module';
export { KAFKA_CLIENTS, KafkaClientError } from './kafka/kafka.port';
export type {
  BatchPayload,
  ConsumedMessage,
  EventConsumer,
  KafkaClient,
  KafkaClientName,
  KafkaTiming,
  TopicAdmin,
  TopicPartitions,
} from './kafka/kafka.port';
export { KafkaTopicsError, describeMismatch, fixCommand, planFile } from './kafka/topic-replication';
export type { TopicMismatch } from './kafka/topic-replication';
export { ensureTopics, fixMinInsync, pilotTopics } from './kafka/topics';
export { ensureTopicInBackground } from './kafka/ensure-topic';
export type { TopicsReport } from './kafka/topics';
export { LoggingModule } from './logging/logging.module';
export { PIPELINE_APP_MODULES } from './pipeline-app-modules';
export { runMain } from './main-runner';
export { countRateLimited } from './metrics/http-metrics';
export { metricOnce } from './metrics/metric-once';
export { metricsPortOf } from './metrics/metrics-port';
export { startMetricsServer } from './metrics/metrics-server';
export { redisScript } from './redis/redis-script';
export { RedisModule, RedisReadiness, createRedis } from './redis/redis.module';
export { REDIS } from './redis/redis.token';
export { RetryGate } from './redis/retry-gate';
export { KAFKA_LEAVE_MS, shutdownDeadline } from './shutdown/shutdown-deadline';
export { todayUtc } from './time/today-utc';
