import { type DataSource } from 'typeorm';
import { CommandPipeline } from '@pft/event-store/command-pipeline';
import { sharedPayloadSealing } from '@pft/privacy';
import { withTestDataSource } from './test-database';

/**
 * withTestDataSource with the one write pipeline over the data source, sealing the pilots' payloads with
 * the shared data keys: both handed to `made` before the file's tests.
 */
export function withCommandPipeline(
  poolSize: number,
  made: (ds: DataSource, pipeline: CommandPipeline) => void,
): void {
  withTestDataSource(poolSize, (ds) => made(ds, new CommandPipeline(ds, { sealer: sharedPayloadSealing() })));
}
