import { AIRCRAFT_FEATURES, TYPE_DESIGNATOR_PATTERN, type AircraftFeature } from '@pft/contracts';
import {
  categoryAndClass,
  easaCategoryClass,
  engineOf,
  gearFeatures,
  isTrue,
  type AircraftFacts,
} from '../../aircraft/aircraft-facts';
import { type CsvRecord } from '../../text/split-records';
import { type Header } from '../header';

const TYPE_DESIGNATOR = new RegExp(TYPE_DESIGNATOR_PATTERN);
const SIMULATOR_DEVICES = new Set(['ffs', 'ftd', 'aatd', 'batd']);

/** ForeFlight's boolean columns and the features they give. */
const FEATURE_COLUMNS: [string, AircraftFeature][] = [
  ['complexAircraft', 'complex'],
  ['highPerformance', 'high_performance'],
  ['pressurized', 'pressurized'],
  ['taa', 'taa'],
];

/**
 * One row of ForeFlight's Aircraft Table, current or older headers (`logbook-import.md` 1.1): the
 * EASA class when it names one, else `Category/Class`, else the older `Class` and `Category`.
 */
export function foreflightAircraft(record: CsvRecord, header: Header): AircraftFacts {
  const text = (...names: string[]): string => header.text(record, ...names);
  const source = text('AircraftID');
  const make_model = [text('Make'), text('Model')].filter((s) => s !== '').join(' ');
  const typeCode = text('TypeCode').toUpperCase();
  const easa = easaCategoryClass(text('Category/Class (EASA)'));
  const faa = categoryAndClass(text('Category/Class'));
  const older = categoryAndClass(text('Class'));
  const olderCategory = categoryAndClass(text('Category'));
  const classified = easa.category ? easa : faa.category ? faa : older.category ? older : olderCategory;
  const engineCell = text('EngineType');
  const engine = engineOf(engineCell);
  const features = [
    ...gearFeatures(text('GearType')),
    ...FEATURE_COLUMNS.filter(([column]) => isTrue(text(column))).map(([, feature]) => feature),
  ];
  return {
    source,
    ...(make_model ? { make_model } : {}),
    ...(TYPE_DESIGNATOR.test(typeCode) ? { type_designator: typeCode } : {}),
    ...classified,
    ...(engine ? { engine } : {}),
    engineNamed: engine !== undefined,
    features: AIRCRAFT_FEATURES.filter((f) => features.includes(f)),
    simulatorDevice: SIMULATOR_DEVICES.has(text('equipType').toLowerCase()),
  };
}
