// Whether a string is a UUID in its canonical text form (any version, either case): ids arrive in
// paths, claims, stored JSON and notification payloads, and each is checked before it reaches SQL.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
