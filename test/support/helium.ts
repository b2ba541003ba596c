// A Helium pedigree file (two header lines, then `line TAB parent [TAB type]` rows) read by a test itself, apart from
// the importer's reader, to check what an import stored.
import fs from 'node:fs';

/** The file's relationships (child, parent, line number), the lines it names in its first column, and every name. */
export function heliumFile(file: string) {
  const pairs: Array<{ child: string; parent: string; line: number }> = [];
  const children = new Set<string>();
  const names = new Set<string>();
  fs.readFileSync(file, 'utf8').split('\n').forEach((text, i) => {
    if (i < 2 || !text.trim()) return;
    const [child, parent] = text.split('\t').map((c) => c.trim());
    if (child) children.add(child);
    if (child) names.add(child);
    if (parent) names.add(parent);
    if (child && parent) pairs.push({ child, parent, line: i + 1 });
  });
  return { pairs, children, names };
}
