/** A row of a reorderable content list with the new order of its siblings for each move. */
export type WithMoves<T> = T & { upIds: string[] | null; downIds: string[] | null };

function swapped(ids: readonly string[], from: number, to: number): string[] | null {
  if (to < 0 || to >= ids.length) return null;
  const moved = [...ids];
  [moved[from], moved[to]] = [moved[to] as string, moved[from] as string];
  return moved;
}

/**
 * Each row of one page with the ids of its siblings (`sameGroup`) after moving it one place up
 * or down (null at an end). Computed with the page, so the table's cells need no other state.
 */
export function withMoves<T extends { id: string }>(
  rows: readonly T[],
  sameGroup: (left: T, right: T) => boolean,
): WithMoves<T>[] {
  return rows.map((row) => {
    const ids = rows.filter((other) => sameGroup(other, row)).map((other) => other.id);
    const at = ids.indexOf(row.id);
    return { ...row, upIds: swapped(ids, at, at - 1), downIds: swapped(ids, at, at + 1) };
  });
}

/** The row as the server sent it (what an edit form starts from). */
export function withoutMoves<T>({ upIds: _up, downIds: _down, ...row }: WithMoves<T>): T {
  return row as T;
}
