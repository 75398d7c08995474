import pino from 'pino';
import { QueryFailedError } from 'typeorm';
import { LEFT_OUT, serializeError } from './error-serializer';

/** The `err` of the one line a logger with the serializer writes for `err`. */
function logged(err: unknown): any {
  const lines: any[] = [];
  const logger = pino(
    { serializers: { err: serializeError } },
    { write: (l: string) => lines.push(JSON.parse(l)) },
  );
  logger.error({ err }, 'request failed');
  expect(lines).toHaveLength(1);
  return lines[0].err;
}

const REMARKS = 'Flew with Anna Schmidt, D-EABC';

/** A failed statement as TypeORM gives it, its values and Postgres' detail quoting a flight. */
function failedStatement(): QueryFailedError {
  const driverError = Object.assign(new Error('new row for relation "flights" violates check constraint'), {
    code: '23514',
    severity: 'ERROR',
    table: 'flights',
    constraint: 'flights_minutes_check',
    detail: `Failing row contains (7, ${REMARKS}).`,
  });
  return new QueryFailedError('insert into flights values ($1, $2)', ['7', REMARKS], driverError);
}

describe('errors as they are logged', () => {
  it('keep the statement, the code and the constraint of a failed statement, never its values or the row', () => {
    const err = logged(failedStatement());
    expect(JSON.stringify(err)).not.toContain('Anna');
    expect(err).toMatchObject({
      type: 'QueryFailedError',
      message: 'new row for relation "flights" violates check constraint',
      query: 'insert into flights values ($1, $2)',
      parameters: LEFT_OUT,
      code: '23514',
      driverError: { code: '23514', table: 'flights', constraint: 'flights_minutes_check', detail: LEFT_OUT },
    });
    expect(err.stack).toContain('QueryFailedError');
  });

  it('leave out the context Postgres gives a value it could not read, which quotes it', () => {
    const driverError = Object.assign(new Error('unsupported Unicode escape sequence'), {
      code: '22P05',
      where: `JSON data, line 1: [{"remarks":"${REMARKS}\\u0000...`,
    });
    const err = logged(new QueryFailedError('insert into events select * from $1', ['[]'], driverError));
    expect(JSON.stringify(err)).not.toContain('Anna');
    expect(err.driverError).toMatchObject({ code: '22P05', where: LEFT_OUT });
  });

  it('leave the values out of the errors an AggregateError holds, and of an error kept in a field', () => {
    const aggregate = new AggregateError([failedStatement()], 'both writes failed');
    const holder = Object.assign(new Error('write failed'), { failures: [{ statement: failedStatement() }] });
    for (const err of [logged(aggregate), logged(holder)]) {
      expect(JSON.stringify(err)).not.toContain('Anna');
    }
    expect(logged(aggregate).aggregateErrors[0].parameters).toBe(LEFT_OUT);
    expect(logged(holder).failures[0].statement.parameters).toBe(LEFT_OUT);
  });

  it('leaves the error itself as it was, and anything that is not an error as it is', () => {
    const err = failedStatement();
    logged(err);
    expect(err.parameters).toEqual(['7', REMARKS]);
    expect((err.driverError as unknown as { detail: string }).detail).toContain(REMARKS);
    expect(logged('refused')).toBe('refused');
  });
});
