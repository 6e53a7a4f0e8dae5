// The primitive field types the contract names (PrimitiveType). Stored fields keep them in a text
// column whose CHECK constraint admits exactly these, so a stored value is narrowed rather than
// trusted blindly: anything else means the database and the contract have drifted apart.
import type { PrimitiveType } from '../../generated/schemas.js';

/** Keyed by PrimitiveType, so a type the contract adds or drops fails to compile here. */
export const PRIMITIVE_TYPES: Readonly<Record<PrimitiveType, true>> = {
  Text: true,
  RichText: true,
  Markdown: true,
  Boolean: true,
  PickList: true,
  Media: true,
  File: true,
  Link: true,
  Quote: true,
  Separator: true,
  Number: true,
  Date: true,
  DateTime: true,
  Json: true,
};

function isPrimitiveType(value: string): value is PrimitiveType {
  return Object.hasOwn(PRIMITIVE_TYPES, value);
}

/** A stored primitive_type column as the contract's type; null stays null. */
export function storedPrimitiveType(value: string | null): PrimitiveType | null {
  if (value === null) return null;
  if (!isPrimitiveType(value)) throw new Error(`stored primitive type "${value}" is not one the contract knows`);
  return value;
}
