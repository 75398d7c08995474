/** The processes that serve metrics, each on a port of its own: the four apps and the standalone relay. */
export type MetricsProcess = 'partner-api' | 'ingestion' | 'projector' | 'webhooks' | 'relay';

/**
 * Each process's metrics port when METRICS_PORT is unset: distinct, so that the apps of one host
 * (`npm start`) can all be scraped without setting anything. 9464 is the usual Prometheus exporter port.
 */
export const DEFAULT_METRICS_PORTS: Record<MetricsProcess, number> = {
  'partner-api': 9464,
  ingestion: 9465,
  projector: 9466,
  webhooks: 9467,
  relay: 9468,
};

export function metricsPortOf(config: { METRICS_PORT?: number }, process: MetricsProcess): number {
  return config.METRICS_PORT ?? DEFAULT_METRICS_PORTS[process];
}
