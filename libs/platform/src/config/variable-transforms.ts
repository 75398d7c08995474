import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';

/**
 * How environment variables (strings) become the typed values the config classes validate: a string
 * of digits a number, `true`/`1` and `false`/`0` a boolean; anything else is left for the validators
 * to refuse.
 */
export const toInt = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;

export const toBoolean = ({ value }: { value: unknown }): unknown =>
  value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value;

/**
 * A whole-number variable from `min` to `max`: read from its digits (toInt), refused when it is not an
 * integer or out of range. The decorators are applied as if stacked in this order.
 */
export function IntVariable(min: number, max: number): PropertyDecorator {
  const stacked: PropertyDecorator[] = [Transform(toInt), IsInt(), Min(min), Max(max)];
  return (target, key) => {
    // Stacked decorators apply from the last up.
    for (const decorator of [...stacked].reverse()) decorator(target, key);
  };
}
