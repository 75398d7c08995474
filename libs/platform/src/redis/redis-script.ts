import type Redis from 'ioredis';

/**
 * A Lua script defined on the client under `name` (ioredis sends it by its SHA, and the text again if
 * Redis has lost it), as a function of its `numberOfKeys` keys, then its arguments.
 */
export function redisScript<Command extends (...args: never[]) => Promise<unknown>>(
  redis: Redis,
  name: string,
  numberOfKeys: number,
  lua: string,
): Command {
  redis.defineCommand(name, { numberOfKeys, lua });
  return (redis as unknown as Record<string, Command>)[name]!.bind(redis) as Command;
}
