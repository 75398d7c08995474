/**
 * How environment variables (strings) become the typed values the config classes validate: a string
 * of digits a number, `true`/`1` and `false`/`0` a boolean; anything else is left for the validators
 * to refuse.
 */
export const toInt = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;

export const toBoolean = ({ value }: { value: unknown }): unknown =>
  value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value;
