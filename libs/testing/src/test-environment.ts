import { TestEnvironment } from 'jest-environment-node';
import { deleteOwnTestKeys, FILE_REDIS_PREFIX, newTestFilePrefix } from './test-redis-keys';

type Config = ConstructorParameters<typeof TestEnvironment>[0];
type Context = ConstructorParameters<typeof TestEnvironment>[1];

/**
 * The environment of every integration, end-to-end and cluster test file (jest.config.js): Node's,
 * with a Redis key prefix of the file's own as PARTNER_REDIS_PREFIX (unless the environment gave
 * one), so that what the file and the apps it starts write never meets another file's keys or those
 * of a running `npm start`. Once the file is done, after its last `afterAll` has stopped what it
 * started, every key under that prefix goes, those of the apps and pipelines it gave prefixes of
 * their own under it (`uniqueRedisPrefix`) too. The prefix is kept here, not read back from the
 * file's environment at the end: a test may point PARTNER_REDIS_PREFIX elsewhere meanwhile.
 */
export default class RealServicesEnvironment extends TestEnvironment {
  private readonly ownPrefix?: string;
  private readonly redisUrl?: string;

  constructor(config: Config, context: Context) {
    super(config, context);
    // The file's own copy of the environment, which its setup files and tests read.
    const env = this.global.process.env;
    this.redisUrl = env.REDIS_URL;
    if (!env.PARTNER_REDIS_PREFIX) {
      this.ownPrefix = newTestFilePrefix();
      env.PARTNER_REDIS_PREFIX = this.ownPrefix;
    }
    // What `uniqueRedisPrefix` makes its prefixes under, whatever PARTNER_REDIS_PREFIX says later.
    env[FILE_REDIS_PREFIX] = env.PARTNER_REDIS_PREFIX;
  }

  override async teardown(): Promise<void> {
    await deleteOwnTestKeys(this.ownPrefix, this.redisUrl);
    await super.teardown();
  }
}
