import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { httpRequestOf } from '@pft/platform';

/** The authenticated pilot account id (set by the pilot auth hook). */
export const CurrentPilot = createParamDecorator((_data: unknown, context: ExecutionContext): string => {
  const pilot = httpRequestOf(context).pilotAccountId;
  if (!pilot) throw new Error('pilot route reached without authentication');
  return pilot;
});

/** The request id, recorded in each event's metadata. */
export const RequestId = createParamDecorator(
  (_data: unknown, context: ExecutionContext): string => httpRequestOf(context).id,
);
