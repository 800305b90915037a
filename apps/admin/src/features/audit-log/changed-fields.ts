type Fields = Record<string, unknown>;

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The part of an audit entry's before and after that differs: an operator reads
 * "role: risk → read-only", not two copies of the whole row. Anything other than two objects
 * (a creation, a deletion, a value) is shown whole.
 */
export function changedFields(
  before: unknown,
  after: unknown,
): { before: unknown; after: unknown } {
  if (!isFields(before) || !isFields(after)) return { before, after };
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  const pick = (fields: Fields) =>
    Object.fromEntries(keys.filter((key) => key in fields).map((key) => [key, fields[key]]));
  return { before: pick(before), after: pick(after) };
}
