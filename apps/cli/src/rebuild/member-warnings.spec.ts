import { memberWarnings } from './member-warnings';

describe('memberWarnings: a rebuild member consumer’s warnings as the command’s lines', () => {
  it('prints warnings and errors named by the thread, and leaves routine lines out', () => {
    const lines: string[] = [];
    const logger = memberWarnings({ warn: (line) => lines.push(line) }, 3);
    logger.log('joined the consumer group of pilot_totals version 2');
    logger.warn('consumer stopped: Connection terminated; restarting');
    logger.error('dead letter at pilot-events/4@120: not valid JSON');
    expect(lines).toEqual([
      'thread 3: consumer stopped: Connection terminated; restarting',
      'thread 3: dead letter at pilot-events/4@120: not valid JSON',
    ]);
  });
});
