// Runs a Python script with numpy, the outside numeric library some tests compare against. numpy (pinned) is
// installed into a virtualenv under .tmp/ on first use, from PyPI, as scripts/schemathesis.sh installs its tool; CI
// (.ci/run) installs python3 and python3-venv. Without python3 the caller skips, saying why.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const NUMPY_VERSION = '2.1.3';
const VENV = path.resolve('.tmp/numpy');
const PYTHON = path.join(VENV, 'bin', 'python');

/** The venv's python with numpy, installing it when needed; null (and the reason) when python3 cannot make one. */
export function numpyPython(): { python: string | null; reason: string } {
  const has = () => fs.existsSync(PYTHON) && spawnSync(PYTHON, ['-c', `import numpy; assert numpy.__version__ == "${NUMPY_VERSION}"`]).status === 0;
  if (has()) return { python: PYTHON, reason: '' };
  const venv = spawnSync('python3', ['-m', 'venv', VENV], { encoding: 'utf8' });
  if (venv.status !== 0) return { python: null, reason: `python3 -m venv failed (install python3 and python3-venv): ${venv.error?.message ?? venv.stderr}` };
  const pip = spawnSync(path.join(VENV, 'bin', 'pip'), ['install', '-q', `numpy==${NUMPY_VERSION}`], { encoding: 'utf8' });
  if (pip.status !== 0 || !has()) return { python: null, reason: `pip could not install numpy ${NUMPY_VERSION}: ${pip.stderr}` };
  return { python: PYTHON, reason: '' };
}

/** Runs `script` (a path) with `input` as JSON on stdin, and parses its JSON output. */
export function runPython<T>(python: string, script: string, input: unknown): T {
  const out = execFileSync(python, [script], { input: JSON.stringify(input), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(out) as T;
}
