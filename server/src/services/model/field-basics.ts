// The seven attributes every template field and component field has (key, label, help text, order,
// required, occurrence bounds), in the two translations the model needs: a stored row into the API
// and write shape, and a package (CTP) field into that shape with the contract's defaults filled in.
// Kept in one place so the field kinds cannot disagree on, say, the default minOccurrences.
import type { CtpComponentField } from '../../generated/schemas.js';

interface StoredFieldBasics {
  readonly key: string;
  readonly label: string;
  readonly help_text: string | null;
  readonly sort_order: number;
  readonly is_required: boolean;
  readonly min_occurrences: number;
  readonly max_occurrences: number | null;
}

/** A template_fields or component_fields row's basics, as the API (and a draft copy) spells them. */
export function storedFieldBasics(f: StoredFieldBasics) {
  return {
    key: f.key,
    label: f.label,
    helpText: f.help_text,
    order: f.sort_order,
    isRequired: f.is_required,
    minOccurrences: f.min_occurrences,
    maxOccurrences: f.max_occurrences,
  };
}

type PackagedFieldBasics = Pick<CtpComponentField, 'key' | 'label' | 'helpText' | 'order' | 'isRequired' | 'minOccurrences' | 'maxOccurrences'>;

/**
 * A package field's basics with the defaults the contract gives omitted properties; the label is
 * trimmed as on every other write path, so an imported field equals one created through the API.
 */
export function packagedFieldBasics(f: PackagedFieldBasics) {
  return {
    key: f.key,
    label: f.label.trim(),
    helpText: f.helpText ?? null,
    order: f.order,
    isRequired: f.isRequired ?? false,
    minOccurrences: f.minOccurrences ?? 0,
    maxOccurrences: f.maxOccurrences ?? null,
  };
}
