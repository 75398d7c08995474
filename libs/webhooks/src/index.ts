export {
  deleteErasedPilotNotices,
  lockLinkNoticeConnections,
  listDeliveries,
  listFailedDeliveries,
  queueWebhookEvent,
  redeliverEvent,
} from './webhook-deliveries.repository';
export type { DeliveryRecord, Redelivery } from './webhook-deliveries.repository';
export {
  createEndpoint,
  deleteEndpoint,
  disableEndpoint,
  enableEndpoint,
  findEndpoint,
  listEndpoints,
  listEndpointsForOperators,
  rotateEndpointSecret,
} from './webhook-endpoints.repository';
export type { EndpointView, OperatorEndpointView } from './webhook-endpoints.repository';
export { lockIntakeMark, markRepublished, markTaken } from './intake-marks';
export { signWebhook } from './webhook-signature';
export { WithWebhookUrls } from './webhook-url-variables';
