-- Typed field values: Number, Date, DateTime and Json join upstream's ten primitive types (a Verso
-- extension; docs/compatibility.md). Each typed kind has a column of its own type, so a value is
-- stored as what it is and compares as what it is — a price as an exact decimal (numeric keeps the
-- digits the client sent, which double precision would not), an event date as a date, an instant as
-- a timestamptz — and the field filters and sorts of the delivery list can index them. Json values
-- live in json_value, as Component values do.
ALTER TABLE content_field_values
  ADD COLUMN number_value    numeric,
  ADD COLUMN date_value      date,
  ADD COLUMN date_time_value timestamptz;

ALTER TABLE content_field_values DROP CONSTRAINT content_field_values_value_kind_check;
ALTER TABLE content_field_values ADD CONSTRAINT content_field_values_value_kind_check CHECK (value_kind IN (
  'Text', 'RichText', 'Markdown', 'Boolean', 'PickList', 'Media', 'File', 'Link', 'Quote', 'Separator',
  'ChildContent', 'Component', 'Number', 'Date', 'DateTime', 'Json'));
-- A typed value has its column set (numbers are finite: numeric's NaN is refused too).
ALTER TABLE content_field_values ADD CONSTRAINT content_field_values_typed_check CHECK (
  (value_kind <> 'Number' OR (number_value IS NOT NULL AND number_value <> 'NaN'::numeric))
  AND (value_kind <> 'Date' OR date_value IS NOT NULL)
  AND (value_kind <> 'DateTime' OR (date_time_value IS NOT NULL AND isfinite(date_time_value))));

ALTER TABLE template_fields DROP CONSTRAINT template_fields_primitive_type_check;
ALTER TABLE template_fields ADD CONSTRAINT template_fields_primitive_type_check CHECK (primitive_type IN (
  'Text', 'RichText', 'Markdown', 'Boolean', 'PickList', 'Media', 'File', 'Link', 'Quote', 'Separator',
  'Number', 'Date', 'DateTime', 'Json'));
ALTER TABLE template_field_allowed_types DROP CONSTRAINT template_field_allowed_types_primitive_type_check;
ALTER TABLE template_field_allowed_types ADD CONSTRAINT template_field_allowed_types_primitive_type_check CHECK (primitive_type IN (
  'Text', 'RichText', 'Markdown', 'Boolean', 'PickList', 'Media', 'File', 'Link', 'Quote', 'Separator',
  'Number', 'Date', 'DateTime', 'Json'));
ALTER TABLE component_fields DROP CONSTRAINT component_fields_primitive_type_check;
ALTER TABLE component_fields ADD CONSTRAINT component_fields_primitive_type_check CHECK (primitive_type IN (
  'Text', 'RichText', 'Markdown', 'Boolean', 'PickList', 'Media', 'File', 'Link', 'Quote', 'Separator',
  'Number', 'Date', 'DateTime', 'Json'));

-- Every answer's field values now carry numberValue, dateValue and dateTimeValue; the stored
-- delivery documents and list pages are caches of answers made without them, so they are dropped
-- and the next read of each stores it again.
TRUNCATE delivery_documents;
TRUNCATE delivery_list_pages;
