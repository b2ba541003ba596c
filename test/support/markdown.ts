// Reading the project's Markdown as GitHub renders it: its headings' anchors, its relative links, and the curl
// examples of its shell blocks (with the `# expect: <field>` line each carries), for the documentation tests.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The documentation the README maps: the README, every page of docs/, and the benchmark's README. */
export function documentationFiles(root = ROOT): string[] {
  const docs = fs.readdirSync(path.join(root, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => path.join(root, 'docs', f));
  return [path.join(root, 'README.md'), ...docs, path.join(root, 'bench/README.md')];
}

/** The lines outside fenced code blocks, with their 1-based numbers (code is not rendered as links or headings). */
function proseLines(text: string): Array<{ line: string; n: number }> {
  const out: Array<{ line: string; n: number }> = [];
  let fence: string | undefined;
  text.split('\n').forEach((line, i) => {
    const open = /^\s*(```+|~~~+)/.exec(line);
    if (open) {
      if (!fence) fence = open[1];
      else if (line.trim().startsWith(fence)) fence = undefined;
      return;
    }
    if (!fence) out.push({ line, n: i + 1 });
  });
  return out;
}

/**
 * The anchor GitHub gives a heading (its slugger): the rendered text lower-cased, every character that is not a
 * letter, a digit, a space, `-` or `_` dropped, spaces made `-`; a repeated slug gets `-1`, `-2`, ...
 */
export function headingAnchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const { line } of proseLines(text)) {
    const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const rendered = m[1]
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // links and images: their text
      .replace(/`([^`]*)`/g, '$1') // code spans: their content
      .replace(/(\*\*|__|\*)/g, ''); // emphasis marks
    const base = rendered.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count ? `${base}-${count}` : base);
  }
  return anchors;
}

export interface Link {
  file: string;
  line: number;
  target: string;
}

/** The inline links `[text](target)` of the prose (not of code spans or blocks) that point inside the repository. */
export function relativeLinks(file: string): Link[] {
  const links: Link[] = [];
  for (const { line, n } of proseLines(fs.readFileSync(file, 'utf8'))) {
    const prose = line.replace(/`[^`]*`/g, '');
    for (const m of prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      if (!/^[a-z][a-z0-9+.-]*:/i.test(m[1])) links.push({ file, line: n, target: m[1] });
    }
  }
  return links;
}

/** Why a link does not resolve (a missing file, or an anchor no heading of its page has), or undefined. */
export function brokenReason(link: Link): string | undefined {
  const [pathPart, anchor] = link.target.split('#', 2) as [string, string | undefined];
  const target = pathPart ? path.resolve(path.dirname(link.file), decodeURIComponent(pathPart)) : link.file;
  if (!fs.existsSync(target)) return `no file ${path.relative(ROOT, target)}`;
  if (anchor === undefined) return undefined;
  if (!target.endsWith('.md')) return `an anchor into ${path.relative(ROOT, target)}, which has no headings`;
  if (!headingAnchors(fs.readFileSync(target, 'utf8')).has(decodeURIComponent(anchor))) {
    return `no heading of ${path.relative(ROOT, target)} has the anchor #${anchor}`;
  }
  return undefined;
}

export interface CurlExample {
  file: string;
  line: number;
  /** The field the answer must hold: a JSON path (`result.data[0].germplasmDbId`) or a column of a CSV/TSV header. */
  expect: string | undefined;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** Splits a shell command line into words as the shell would for these examples: single and double quotes, no expansion. */
export function shellWords(command: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  for (let i = 0; i < command.length; i++) {
    const c = command[i];
    if (c === "'" || c === '"') {
      const end = command.indexOf(c, i + 1);
      if (end < 0) throw new Error(`Unclosed ${c} in: ${command}`);
      word = (word ?? '') + command.slice(i + 1, end);
      i = end;
    } else if (/\s/.test(c)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (c === '\\' && i + 1 < command.length) {
      word = (word ?? '') + command[++i];
    } else {
      word = (word ?? '') + c;
    }
  }
  if (word !== undefined) words.push(word);
  return words;
}

/** The `curl` lines of a page's shell blocks (continuation lines joined), each with the `# expect:` line above it. */
export function curlExamples(file: string): CurlExample[] {
  const examples: CurlExample[] = [];
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  let inShell = false;
  let expect: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (/^```/.test(line)) {
      inShell = !inShell && /^```(sh|bash|shell)\s*$/.test(line);
      expect = undefined;
      continue;
    }
    if (!inShell) continue;
    const marker = /^#\s*expect:\s*(\S+)\s*$/.exec(line);
    if (marker) {
      expect = marker[1];
      continue;
    }
    if (!/^curl\s/.test(line)) continue;
    const start = i;
    let command = line;
    while (command.endsWith('\\') && i + 1 < lines.length) command = command.slice(0, -1) + ' ' + lines[++i];
    examples.push({ file, line: start + 1, expect, ...parseCurl(command) });
    expect = undefined;
  }
  return examples;
}

function parseCurl(command: string): Pick<CurlExample, 'method' | 'url' | 'headers' | 'body'> {
  const words = shellWords(command).slice(1);
  let method: string | undefined;
  let url: string | undefined;
  let body: string | undefined;
  const headers: Record<string, string> = {};
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (w === '-X' || w === '--request') method = words[++i];
    else if (w === '-H' || w === '--header') {
      const [name, ...value] = words[++i].split(':');
      headers[name.trim().toLowerCase()] = value.join(':').trim();
    } else if (w === '-d' || w === '--data' || w === '--data-raw') body = words[++i];
    else if (/^-[sSfLi]+$/.test(w) || w === '--silent' || w === '--compressed') continue;
    else if (w.startsWith('-')) throw new Error(`The curl option ${w} is not understood by the documentation test: ${command}`);
    else if (url === undefined) url = w;
    else throw new Error(`Two URLs in: ${command}`);
  }
  if (!url) throw new Error(`No URL in: ${command}`);
  return { method: method ?? (body === undefined ? 'GET' : 'POST'), url, headers, body };
}

/** The value at a path such as `result.data[0].parents`, or undefined when a step is missing. */
export function valueAt(value: unknown, fieldPath: string): unknown {
  let node = value;
  for (const step of fieldPath.match(/[^.[\]]+/g) ?? []) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[step];
  }
  return node;
}
