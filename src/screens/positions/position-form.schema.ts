import * as yup from 'yup';
import type { CreatePositionBody, Position, UpdatePositionBody } from '../../api/gen/model';
import { formMessage } from '../../components/common/form-message.ts';
import {
  optionalMinText,
  optionalText,
  requiredMessage as required,
  requiredText,
} from '../../components/common/form-rules.ts';
import type { RecordForm } from '../../components/common/use-record-form.ts';
import { POSITION_LIMITS as L, LATITUDE_RANGE, LONGITUDE_RANGE } from '../../domain/positions.ts';

const latitudeRange = formMessage('positions.form.latitudeRange');
const longitudeRange = formMessage('positions.form.longitudeRange');

/** One coordinate: empty, or a number in range; if either coordinate is set, both must be. */
const coordinate = (range: { min: number; max: number }, message: string, other: 'latitude' | 'longitude') =>
  yup
    .number()
    .nullable()
    .default(null)
    .min(range.min, message)
    .max(range.max, message)
    .test('pair', required, function pair(value) {
      return value != null || this.parent[other] == null;
    });

/**
 * The position form, with the server's limits (src/domain). The form names two fields as the
 * old console did (name, location); the API's names are position_name and location_details.
 */
export function positionFormSchema() {
  return yup.object({
    position_code: requiredText(L.codeMin, L.codeMax),
    name: requiredText(L.nameMin, L.nameMax),
    description: optionalText(L.textMax),
    location: optionalText(L.textMax),
    nfc_tag_id: optionalMinText(L.nfcMin, L.nfcMax).trim(),
    latitude: coordinate(LATITUDE_RANGE, latitudeRange, 'longitude'),
    longitude: coordinate(LONGITUDE_RANGE, longitudeRange, 'latitude'),
    is_active: yup.boolean().default(true),
  });
}

export type PositionFormValues = yup.InferType<ReturnType<typeof positionFormSchema>>;

/** API field → form field, for server errors (a pair error on `coordinates` lands on latitude). */
const POSITION_FORM_FIELDS = {
  position_code: 'position_code',
  position_name: 'name',
  description: 'description',
  location_details: 'location',
  nfc_tag_id: 'nfc_tag_id',
  coordinates: 'latitude',
  'coordinates.latitude': 'latitude',
  'coordinates.longitude': 'longitude',
  is_active: 'is_active',
} as const;

/** The server's rules worded as this form words them. */
const POSITION_SERVER_MESSAGES = {
  'position_code.unique': formMessage('positions.codeTaken'),
  'nfc_tag_id.unique': formMessage('positions.nfcTaken'),
  'coordinates.latitude.minimum': latitudeRange,
  'coordinates.latitude.maximum': latitudeRange,
  'coordinates.longitude.minimum': longitudeRange,
  'coordinates.longitude.maximum': longitudeRange,
};

export function positionFormValues(position: Position | null): PositionFormValues {
  return {
    position_code: position?.position_code ?? '',
    name: position?.position_name ?? '',
    description: position?.description ?? '',
    location: position?.location_details ?? '',
    nfc_tag_id: position?.nfc_tag_id ?? '',
    latitude: position?.coordinates?.latitude ?? null,
    longitude: position?.coordinates?.longitude ?? null,
    is_active: position?.is_active ?? true,
  };
}

const orNull = (value: string) => (value === '' ? null : value);

function fields(values: PositionFormValues) {
  return {
    position_code: values.position_code,
    position_name: values.name,
    description: orNull(values.description),
    location_details: orNull(values.location),
    nfc_tag_id: orNull(values.nfc_tag_id),
    is_active: values.is_active,
  };
}

const coordinatesOf = ({ latitude, longitude }: PositionFormValues) =>
  latitude != null && longitude != null ? { latitude, longitude } : null;

/** Coordinates are sent only when set. */
export function toCreateBody(values: PositionFormValues): CreatePositionBody {
  const coordinates = coordinatesOf(values);
  return coordinates ? { ...fields(values), coordinates } : fields(values);
}

/** On edit, emptied coordinates are sent as null, so the position loses them. */
export function toUpdateBody(values: PositionFormValues): UpdatePositionBody {
  return { ...fields(values), coordinates: coordinatesOf(values) };
}

export const positionForm: RecordForm<Position, ReturnType<typeof positionFormSchema>> = {
  schema: positionFormSchema(),
  values: positionFormValues,
  fields: POSITION_FORM_FIELDS,
  overrides: POSITION_SERVER_MESSAGES,
  name: (values) => values.position_code,
};
