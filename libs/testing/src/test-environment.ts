import { TestEnvironment } from 'jest-environment-node';
import { deleteOwnTestKeys } from './test-redis-keys';

/**
 * The environment of every integration, end-to-end and cluster test file (jest.config.js): Node's,
 * and once the file is done, after its last `afterAll` has stopped what it started, the Redis keys
 * under the file's own prefix go. A hook of the file itself would run before the file's own root
 * `afterAll`s, while the apps they stop may still be writing.
 */
export default class RealServicesEnvironment extends TestEnvironment {
  override async teardown(): Promise<void> {
    // The file's own copy of the environment: test-defaults.ts set its prefix there.
    const env = (this.global.process as NodeJS.Process | undefined)?.env;
    await deleteOwnTestKeys(env?.PARTNER_REDIS_PREFIX, env?.REDIS_URL);
    await super.teardown();
  }
}
