import { register, type Metric } from 'prom-client';

/**
 * The metric of that name on the process's registry (the one the metrics port serves), created by
 * `create` the first time: one per process, however many apps or modules a test builds in it.
 */
export function metricOnce<T extends Metric>(name: string, create: () => T): T {
  return (register.getSingleMetric(name) as T | undefined) ?? create();
}
