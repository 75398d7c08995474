import { type AppliedRule } from '../import.types';
import { type RowNotes } from './build-flight';

/** The rules the reading applied, each with the lines of the valid rows it changed, for the preview. */
export class RuleNotes {
  private readonly decimalComma: number[] = [];
  private readonly engineTime: number[] = [];
  private readonly simulator: number[] = [];
  private readonly dropped = new Set<string>();
  private readonly remarks: number[] = [];
  private readonly registration: number[] = [];

  add(line: number, notes: RowNotes): void {
    if (notes.decimalComma) this.decimalComma.push(line);
    if (notes.engineTimeFromClass) this.engineTime.push(line);
    if (notes.simulatorDropped.length > 0) {
      this.simulator.push(line);
      for (const field of notes.simulatorDropped) this.dropped.add(field);
    }
    if (notes.remarksFromUnused) this.remarks.push(line);
    if (notes.registrationLeftOut) this.registration.push(line);
  }

  applied(): AppliedRule[] {
    const rules: AppliedRule[] = [];
    const note = (rule: string, message: string, lines: number[]): void => {
      if (lines.length > 0) rules.push({ rule, message, lines });
    };
    note(
      'decimal_comma',
      'times with a decimal comma read as decimal hours (1,5 is 1:30)',
      this.decimalComma,
    );
    note(
      'engine_time_from_class',
      'single_engine or multi_engine time is the total time, from the aircraft class',
      this.engineTime,
    );
    note(
      'simulator_time_only',
      `simulator sessions keep their simulator time only; dropped: ${[...this.dropped].join(', ')}`,
      this.simulator,
    );
    note('unused_columns_to_remarks', 'the cells of unused columns added to the remarks', this.remarks);
    note(
      'registration_left_out',
      'aircraft names longer than 10 characters are not kept as the registration',
      this.registration,
    );
    return rules;
  }
}
