import { IsIn, IsOptional, IsString, Matches } from 'class-validator';
import { configPart, type VariablesBase } from './config-part';
import { IsTrustedProxyList } from './trusted-proxies';
import { IntVariable } from './variable-transforms';

/** NODE_ENV: every app's configuration starts from it (production refuses the development defaults). */
export class NodeEnvVariables {
  @IsIn(['development', 'test', 'production'])
  NODE_ENV: 'development' | 'test' | 'production' = 'development';
}

/** What the process runner (main-runner.ts) reads: the log level and the time shutdown may take. */
export interface ProcessVariables {
  NODE_ENV: 'development' | 'test' | 'production';
  LOG_LEVEL: string;
  SHUTDOWN_TIMEOUT_MS: number;
}

export const LOGGING_CONFIG = configPart<Pick<ProcessVariables, 'LOG_LEVEL'>>('LOGGING_CONFIG');

export function WithProcess<B extends VariablesBase>(Base: B) {
  class ProcessGroup extends Base {
    @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    LOG_LEVEL = 'info';

    @IntVariable(1000, 600000)
    SHUTDOWN_TIMEOUT_MS = 10000;
  }
  return ProcessGroup;
}

/** A process that serves: its host, and the port of its Prometheus metrics. */
export interface ServingVariables {
  HOST: string;
  METRICS_PORT?: number;
}

export function WithServing<B extends VariablesBase>(Base: B) {
  class ServingGroup extends Base implements ServingVariables {
    @IsString()
    @Matches(/^\S+$/, { message: 'HOST must be a host name or address' })
    HOST = '127.0.0.1';

    // Metrics: served on a port of their own, never on the public API port.

    /**
     * The port this process serves Prometheus metrics on (`GET /metrics`, on HOST). Unset: the app's
     * own default (DEFAULT_METRICS_PORTS in metrics/metrics-port.ts), so the apps of one host never
     * collide without it being set. `0`: a free port the system picks, named in the process's start
     * line (tests that start several processes side by side). Declared with `undefined` so that
     * loadConfig reads it.
     */
    @IsOptional()
    @IntVariable(0, 65535)
    METRICS_PORT?: number = undefined;
  }
  return ServingGroup;
}

/** An HTTP app: it serves, and believes X-Forwarded-For from the proxies it is told of. */
export interface HttpVariables extends ServingVariables {
  LOG_LEVEL: string;
  TRUSTED_PROXIES: string;
}

export function WithHttp<B extends VariablesBase>(Base: B) {
  class HttpGroup extends WithServing(Base) {
    /**
     * Reverse proxies (load balancers) whose X-Forwarded-For is believed: a request that arrives from
     * one of them is taken to come from the address it forwarded for, so per-client limits (failed
     * partner authentications) count each client apart. Empty: the connection's own address, and the
     * header ignored, since anyone can send it.
     */
    @IsTrustedProxyList()
    TRUSTED_PROXIES = '';
  }
  return HttpGroup;
}

/** The variables of an HTTP app's process: NODE_ENV, the runner's, and serving HTTP. */
export const HttpAppVariables = WithHttp(WithProcess(NodeEnvVariables));
