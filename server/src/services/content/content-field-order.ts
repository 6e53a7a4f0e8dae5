// Ordering of repeated values. The spec: values of one field submitted with equal `order` are
// renumbered keeping the submitted sequence, and reads use a deterministic tie-break. We sort each
// field's values by (order, position in the request) and then make the orders strictly increasing,
// moving a value only as far as needed, so distinct orders a client chose are kept as they were.
export interface Ordered {
  readonly fieldId: string;
  readonly order: number;
}

export function renumberValues<T extends Ordered>(values: readonly T[]): (T & { order: number })[] {
  const byField = new Map<string, { value: T; index: number }[]>();
  values.forEach((value, index) => {
    const list = byField.get(value.fieldId) ?? [];
    list.push({ value, index });
    byField.set(value.fieldId, list);
  });
  const out: { value: T & { order: number }; index: number }[] = [];
  for (const list of byField.values()) {
    list.sort((a, b) => a.value.order - b.value.order || a.index - b.index);
    let previous = Number.NEGATIVE_INFINITY;
    for (const { value, index } of list) {
      const order = Math.max(value.order, previous + 1);
      previous = order;
      out.push({ value: { ...value, order }, index });
    }
  }
  // Keep the request's overall sequence so the values of different fields stay where they were sent.
  return out.sort((a, b) => a.index - b.index).map((e) => e.value);
}
