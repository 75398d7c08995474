import { Global, Injectable, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { DATABASE_CONFIG, type DatabaseVariables } from '../config/database-variables';
import { type ReadinessCheck } from '../health/readiness-check';
import { dataSourceOptions } from './data-source';
import { dropStalledConnections } from './stalled-connections';

@Injectable()
export class PostgresReadiness implements ReadinessCheck {
  readonly name = 'postgres';
  constructor(private readonly dataSource: DataSource) {}

  async check(): Promise<void> {
    await this.dataSource.query('select 1');
  }
}

/** The Postgres connection pool (TypeORM over pg). The schema comes from migrations only. */
@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [DATABASE_CONFIG.token],
      useFactory: (config: DatabaseVariables) => ({
        ...dataSourceOptions(config.DATABASE_URL, config.DATABASE_POOL_SIZE, {
          connectMs: config.DATABASE_CONNECT_TIMEOUT_MS,
          queryMs: config.DATABASE_QUERY_TIMEOUT_MS,
        }),
        retryAttempts: 3,
        retryDelay: 1000,
      }),
      dataSourceFactory: async (options) => {
        const dataSource = await new DataSource(options!).initialize();
        dropStalledConnections(dataSource);
        return dataSource;
      },
    }),
  ],
  providers: [PostgresReadiness],
  exports: [PostgresReadiness],
})
export class DatabaseModule {}
