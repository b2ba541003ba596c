// Runs a Python script with numpy, the outside numeric library some tests compare against. numpy (pinned) is
// installed into a virtualenv under .tmp/ on first use, from PyPI, as scripts/schemathesis.sh installs its tool; CI
// (.ci/run) installs python3 and python3-venv. Without python3 the caller skips, saying why.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { withFileLock } from './file-lock.js';

const NUMPY_VERSION = '2.1.3';
const VENV = path.resolve('.tmp/numpy');
const PYTHON = path.join(VENV, 'bin', 'python');

/** A command's exit code and output, run without blocking: the test server shares this process and must answer. */
function run(command: string, args: string[], input?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : 1) : 0;
      resolve({ code, stdout, stderr: stderr || (err?.message ?? '') });
    });
    if (input !== undefined) child.stdin!.end(input);
  });
}

/** The venv's python with numpy, installing it when needed; null (and the reason) when python3 cannot make one. */
export function numpyPython(): Promise<{ python: string | null; reason: string }> {
  // Two test lanes may ask at once: one makes the virtualenv, the other waits for it.
  return withFileLock(VENV, makeNumpyVenv);
}

/** The venv's python with numpy; without one, the calling test or hook is skipped, saying why. */
export async function numpyOrSkip(context: Mocha.Context): Promise<string> {
  const numpy = await numpyPython();
  if (!numpy.python) {
    console.warn(`      skipped: ${numpy.reason}`);
    context.skip();
  }
  return numpy.python!;
}

async function makeNumpyVenv(): Promise<{ python: string | null; reason: string }> {
  const has = async () => fs.existsSync(PYTHON) && (await run(PYTHON, ['-c', `import numpy; assert numpy.__version__ == "${NUMPY_VERSION}"`])).code === 0;
  if (await has()) return { python: PYTHON, reason: '' };
  const venv = await run('python3', ['-m', 'venv', VENV]);
  if (venv.code !== 0) return { python: null, reason: `python3 -m venv failed (install python3 and python3-venv): ${venv.stderr}` };
  const pip = await run(path.join(VENV, 'bin', 'pip'), ['install', '-q', `numpy==${NUMPY_VERSION}`]);
  if (pip.code !== 0 || !(await has())) return { python: null, reason: `pip could not install numpy ${NUMPY_VERSION}: ${pip.stderr}` };
  return { python: PYTHON, reason: '' };
}

/** Runs `script` (a path) with `input` as JSON on stdin, and parses its JSON output. */
export async function runPython<T>(python: string, script: string, input: unknown): Promise<T> {
  const out = await run(python, [script], JSON.stringify(input));
  if (out.code !== 0) throw new Error(`${script} failed (exit ${out.code}): ${out.stderr}`);
  return JSON.parse(out.stdout) as T;
}
