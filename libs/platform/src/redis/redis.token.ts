/** The injection token of the app's one ioredis client. */
export const REDIS = Symbol('REDIS');
