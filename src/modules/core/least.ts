// Sort key for a field that holds several values (a trial's locations, a study's seasons): the least of them.
export function least(list: string): string {
  return `reduce(m = null, v IN ${list} | CASE WHEN m IS NULL OR v < m THEN v ELSE m END)`;
}
