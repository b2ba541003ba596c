// The outside Python libraries some tests compare against, each pinned and installed from PyPI into a virtualenv under
// .tmp/ on first use: numpy (the breeding values' dense solutions) and sgkit (the pedigree statistics of
// pedigree-reference.test.ts). CI (.ci/run) installs python3 and python3-venv and makes both before the tests, as a part
// of its own; scripts/test.ts starts making those its files call as it starts, so that a first run does not wait on
// PyPI in the middle of a lane. Two lanes may ask for one at once: a lock per virtualenv makes one wait for the other.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { withFileLock } from './file-lock.js';

interface Reference {
  name: ReferenceName;
  /** The virtualenv, under .tmp/. */
  venv: string;
  /** What pip installs (pinned: the expected values come from this release). */
  requirement: string;
  /** A Python statement that fails unless the pinned release imports. */
  check: string;
}

const NUMPY: Reference = { name: 'numpy', venv: '.tmp/numpy', requirement: 'numpy==2.1.3', check: 'import numpy; assert numpy.__version__ == "2.1.3"' };
const SGKIT: Reference = { name: 'sgkit', venv: '.tmp/pedigree-reference', requirement: 'sgkit==0.10.0', check: 'import sgkit; assert sgkit.__version__ == "0.10.0"' };

/** A fresh machine downloads sgkit and its dependencies in a minute or two. */
const PIP_TIMEOUT_MS = 15 * 60_000;

export type ReferenceName = 'numpy' | 'sgkit';

/** A python with the library, or null and why not (no python3 with venv, or PyPI out of reach). */
export interface Python {
  python: string | null;
  reason: string;
  /** Whether this call installed it. */
  installed?: boolean;
}

/** A command's exit code and output, run without blocking: the test server may share this process and must answer. */
function run(command: string, args: string[], input?: string, timeout = 0): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(command, args, { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024, timeout }, (err, stdout, stderr) => {
      const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : 1) : 0;
      resolve({ code, stdout, stderr: stderr || (err?.message ?? '') });
    });
    if (input !== undefined) child.stdin!.end(input);
  });
}

/** The reference's python, making its virtualenv when it is missing or holds another release. */
function ensure(ref: Reference): Promise<Python> {
  const venv = path.resolve(ref.venv);
  const python = path.join(venv, 'bin', 'python');
  return withFileLock(venv, async () => {
    const has = async () => fs.existsSync(python) && (await run(python, ['-c', ref.check])).code === 0;
    if (await has()) return { python, reason: '' };
    const made = await run('python3', ['-m', 'venv', '--clear', venv]);
    if (made.code !== 0) return { python: null, reason: `python3 -m venv failed (install python3 and python3-venv): ${made.stderr}` };
    // Bounded, so that a stalled download fails the files that need it instead of holding the run.
    const pip = await run(path.join(venv, 'bin', 'pip'), ['install', '-q', ref.requirement], undefined, PIP_TIMEOUT_MS);
    if (pip.code !== 0 || !(await has())) return { python: null, reason: `pip could not install ${ref.requirement} into ${ref.venv} (needs PyPI): ${pip.stderr}` };
    return { python, reason: '', installed: true };
  });
}

export const numpyPython = (): Promise<Python> => ensure(NUMPY);
export const sgkitPython = (): Promise<Python> => ensure(SGKIT);

/** The references whose functions a test file calls (the runner installs those before the files need them). */
export function referencesOf(source: string): ReferenceName[] {
  return [NUMPY, SGKIT].filter((ref) => new RegExp(`\\b${ref.name}(Python|OrSkip)\\(`).test(source)).map((ref) => ref.name);
}

/** Makes each named reference's virtualenv that is missing, one after the other; says what it made or could not make. */
export async function installPythonReferences(log: (line: string) => void, names: ReferenceName[] = [NUMPY.name, SGKIT.name]): Promise<boolean> {
  let ok = true;
  for (const ref of [NUMPY, SGKIT].filter((r) => names.includes(r.name))) {
    const started = performance.now();
    const made = await ensure(ref);
    if (made.installed) log(`Installed ${ref.requirement} into ${ref.venv} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    else if (!made.python) {
      log(made.reason);
      ok = false;
    }
  }
  return ok;
}

/** numpy's python; without one, the calling test or hook is skipped, saying why. */
export async function numpyOrSkip(context: Mocha.Context): Promise<string> {
  const numpy = await numpyPython();
  if (!numpy.python) {
    console.warn(`      skipped: ${numpy.reason}`);
    context.skip();
  }
  return numpy.python!;
}

/** Runs `script` (a path) with `input` as JSON on stdin, and parses its JSON output. */
export async function runPython<T>(python: string, script: string, input: unknown): Promise<T> {
  const out = await run(python, [script], JSON.stringify(input));
  if (out.code !== 0) throw new Error(`${script} failed (exit ${out.code}): ${out.stderr}`);
  return JSON.parse(out.stdout) as T;
}
