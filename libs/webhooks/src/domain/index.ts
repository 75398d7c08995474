export { afterFailedAttempt, endpointIsDead, parseRetrySchedule } from './retry-schedule';
export {
  SUBSCRIBABLE_EVENT_TYPES,
  WEBHOOK_EVENT_TYPES,
  isEndpointId,
  parseEndpointEvents,
} from './webhook-events';
export type { SubscribableEventType } from './webhook-events';
export { checkWebhookUrl, hostOf, isRestrictedAddress } from './webhook-url';
