import { at, type ValidationIssue } from './validation-issue';

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Unicode code points; `length` only when every unit is one (the common case, and cheap). */
function characterCount(value: string): number {
  let count = value.length;
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    // A high surrogate followed by a low one is a single character.
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count -= 1;
        i += 1;
      }
    }
  }
  return count;
}

/**
 * Reads the fields of one JSON object of a request body, collecting a ValidationIssue per problem
 * instead of stopping at the first, so a client learns everything wrong with a body at once.
 * Each reader returns `undefined` when the field is absent or bad (bad ones are recorded).
 */
export class BodyReader {
  constructor(
    private readonly issues: ValidationIssue[],
    readonly path: string,
    private readonly body: Record<string, unknown>,
  ) {}

  /** A reader over `value` at `path`, or undefined (recorded) when it is not a JSON object. */
  static object(issues: ValidationIssue[], path: string, value: unknown): BodyReader | undefined {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      issues.push({ field: path || '(body)', issue: 'wrong_type', message: 'must be a JSON object' });
      return undefined;
    }
    return new BodyReader(issues, path, value as Record<string, unknown>);
  }

  problem(key: string, issue: ValidationIssue['issue'], message: string): void {
    this.issues.push({ field: at(this.path, key), issue, message });
  }

  /** Records every key that is not in `known`. */
  onlyKnown(known: readonly string[]): void {
    for (const key of Object.keys(this.body)) {
      if (!known.includes(key)) this.problem(key, 'unknown_field', 'is not a known field');
    }
  }

  has(key: string): boolean {
    return this.body[key] !== undefined;
  }

  private present(key: string, required: boolean): unknown {
    const value = this.body[key];
    if (value === undefined && required) this.problem(key, 'required', 'is required');
    return value;
  }

  string(
    key: string,
    options: { required?: boolean; maxLength?: number; pattern?: RegExp } = {},
  ): string | undefined {
    const value = this.present(key, options.required ?? false);
    if (value === undefined) return undefined;
    if (typeof value !== 'string') return this.wrongType(key, 'a string');
    // NUL cannot be stored in jsonb, a lone surrogate cannot be stored as UTF-8 without being
    // changed, and other control characters are never part of a logbook entry (tabs and line breaks are).
    if (UNPAIRED_SURROGATE.test(value) || CONTROL_CHARACTERS.test(value)) {
      this.problem(key, 'invalid_characters', 'must not contain control characters or unpaired surrogates');
      return undefined;
    }
    // Characters, as the contract counts them (and JSON Schema's maxLength): an emoji outside the
    // basic plane is one character, though two UTF-16 units in `length`.
    if (options.maxLength !== undefined && characterCount(value) > options.maxLength) {
      this.problem(key, 'too_long', `must be at most ${options.maxLength} characters`);
      return undefined;
    }
    if (options.pattern && !options.pattern.test(value)) {
      this.problem(key, 'invalid_format', `does not match ${String(options.pattern)}`);
      return undefined;
    }
    return value;
  }

  oneOf<T extends string>(key: string, allowed: readonly T[], required = true): T | undefined {
    const value = this.present(key, required);
    if (value === undefined) return undefined;
    if (typeof value !== 'string') return this.wrongType(key, 'a string');
    if (!(allowed as readonly string[]).includes(value)) {
      this.problem(key, 'invalid_value', `must be one of ${allowed.join(', ')}`);
      return undefined;
    }
    return value as T;
  }

  integer(key: string, min: number, max: number, required = false): number | undefined {
    const value = this.present(key, required);
    if (value === undefined) return undefined;
    if (typeof value !== 'number' || !Number.isInteger(value)) return this.wrongType(key, 'a whole number');
    if (value < min || value > max) {
      this.problem(key, 'out_of_range', `must be from ${min} to ${max}`);
      return undefined;
    }
    return value;
  }

  /** A nested object's reader; absent gives undefined (recorded when required). */
  object(key: string, required: boolean): BodyReader | undefined {
    const value = this.present(key, required);
    if (value === undefined) return undefined;
    return BodyReader.object(this.issues, at(this.path, key), value);
  }

  raw(key: string): unknown {
    return this.body[key];
  }

  keys(): string[] {
    return Object.keys(this.body);
  }

  private wrongType(key: string, what: string): undefined {
    this.problem(key, 'wrong_type', `must be ${what}`);
    return undefined;
  }
}
