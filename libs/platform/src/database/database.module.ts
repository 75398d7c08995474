import { Global, Injectable, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { DATABASE_CONFIG, type DatabaseVariables } from '../config/database-variables';
import { type ReadinessCheck } from '../health/readiness-check';
import { type DatabaseTimeouts, dataSourceOptions } from './data-source';
import { dropStalledConnections } from './stalled-connections';

@Injectable()
export class PostgresReadiness implements ReadinessCheck {
  readonly name = 'postgres';
  constructor(private readonly dataSource: DataSource) {}

  async check(): Promise<void> {
    await this.dataSource.query('select 1');
  }
}

/**
 * The options of the app's Postgres pool, from its variables: DATABASE_POOL_SIZE connections and the
 * DATABASE_* timeouts; a pool of the app's own beside it (the ingestion's import commits) gives its size
 * and timeouts, the rest the same.
 */
export function appDataSourceOptions(
  config: DatabaseVariables,
  own: { poolSize?: number; timeouts?: DatabaseTimeouts } = {},
): DataSourceOptions {
  return dataSourceOptions(
    config.DATABASE_URL,
    own.poolSize ?? config.DATABASE_POOL_SIZE,
    own.timeouts ?? {
      connectMs: config.DATABASE_CONNECT_TIMEOUT_MS,
      queryMs: config.DATABASE_QUERY_TIMEOUT_MS,
    },
  );
}

/** A pool of the app opened on `options`, its connections dropped when they stall (dropStalledConnections). */
export async function openAppDataSource(options: DataSourceOptions): Promise<DataSource> {
  const dataSource = await new DataSource(options).initialize();
  dropStalledConnections(dataSource);
  return dataSource;
}

/** The Postgres connection pool (TypeORM over pg). The schema comes from migrations only. */
@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [DATABASE_CONFIG.token],
      useFactory: (config: DatabaseVariables) => ({
        ...appDataSourceOptions(config),
        retryAttempts: 3,
        retryDelay: 1000,
      }),
      dataSourceFactory: (options) => openAppDataSource(options!),
    }),
  ],
  providers: [PostgresReadiness],
  exports: [PostgresReadiness],
})
export class DatabaseModule {}
