/// <reference types="jest" />
import { AIRCRAFT_CATEGORIES } from '@pft/contracts';
import { MAX_IMPORT_BYTES } from '@pft/logbook/domain';
import { mediaTypeOf, type ImportView, uploadImport } from '../api/imports';
import { RATING_CATALOG } from '../ratings';
import { aircraftChoice, OTHER_CATEGORIES, ratingValue, withChoices } from './import-choices';

const entry = (source: string, chosen: ImportView['aircraft'][number]['chosen'] = null) => ({
  source,
  make_model: null,
  type_designator: null,
  proposed: { category: 'airplane' as const, rating_key: 'sep_land', guessed: true },
  chosen,
  flights: 1,
});

describe('the Import screen: its choices as the imports API takes them', () => {
  it('gives each rating of the catalog and each other category a select value that stands for it again', () => {
    for (const { key } of RATING_CATALOG) {
      const value = ratingValue({ category: 'airplane', rating_key: key });
      expect(value).toBe(`airplane:${key}`);
      expect(aircraftChoice(value)).toEqual({ category: 'airplane', rating_key: key });
    }
    for (const [category] of OTHER_CATEGORIES)
      expect(aircraftChoice(ratingValue({ category }))).toEqual({ category });
    expect([...OTHER_CATEGORIES.map(([c]) => c), 'airplane'].sort()).toEqual([...AIRCRAFT_CATEGORIES].sort());
    // No proposal, or an airplane without a rating: nothing chosen yet.
    expect([ratingValue(null), ratingValue({ category: 'airplane' })]).toEqual(['', '']);
  });

  it('shows a choice at once: merged by source and by field, the rest of the preview as it was', () => {
    const view = {
      aircraft: [entry('N1'), entry('N2', { category: 'helicopter' })],
      columns: { date: 'Flight Date' },
      date_order: null,
      time_unit: 'decimal_hours',
      totals: { total_flight_time_minutes: 90 },
    } as unknown as ImportView;
    const next = withChoices(view, {
      aircraft: { N1: { category: 'airplane', rating_key: 'mep_land' } },
      columns: { day_landings: 'Day Ldg' },
      date_order: 'dmy',
    });
    expect(next.aircraft.map((a) => a.chosen)).toEqual([
      { category: 'airplane', rating_key: 'mep_land' },
      { category: 'helicopter' },
    ]);
    expect([next.columns, next.date_order, next.time_unit, next.totals]).toEqual([
      { date: 'Flight Date', day_landings: 'Day Ldg' },
      'dmy',
      'decimal_hours',
      view.totals,
    ]);
    // A field chosen to be in no column leaves the mapping.
    expect(withChoices(next, { columns: { date: null } }).columns).toEqual({ day_landings: 'Day Ldg' });
  });

  it('sends a file as a media type the API takes: its own, else by its name', () => {
    expect(
      [
        { name: 'logbook.csv', type: 'application/vnd.ms-excel' },
        { name: 'LogTen.TSV', type: '' },
        { name: 'export.tab', type: '' },
        { name: 'notes.txt', type: '' },
        { name: 'garmin.csv', type: 'text/plain' },
        { name: 'archive.zip', type: 'application/zip' },
      ].map(mediaTypeOf),
    ).toEqual([
      'text/csv',
      'text/tab-separated-values',
      'text/tab-separated-values',
      'text/plain',
      'text/plain',
      'text/csv',
    ]);
  });

  it('refuses a file over 20 MB before sending any of it, with the code the service would answer', async () => {
    const sent: unknown[] = [];
    const big = new File([new Uint8Array(MAX_IMPORT_BYTES + 1)], 'logbook.csv', { type: 'text/csv' });
    await expect(uploadImport(big, (p) => sent.push(p))).rejects.toMatchObject({
      status: 413,
      code: 'IMPORT_TOO_LARGE',
      message: 'The file is larger than 20 MB',
    });
    expect(sent).toEqual([]);
  });
});
