// Timing and summary statistics. Every figure the report compares is a ratio of two things measured in the same
// run on the same machine, so that the machine's speed (and what else runs on it) cancels out as far as possible.
import { performance } from 'node:perf_hooks';

export interface Summary {
  n: number;
  p50: number;
  p95: number;
  mean: number;
  min: number;
  max: number;
}

/** Linear-interpolated percentile of an unsorted sample (q in 0..1). */
export function percentile(values: number[], q: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

export function summarize(values: number[]): Summary {
  return {
    n: values.length,
    p50: round(percentile(values, 0.5)),
    p95: round(percentile(values, 0.95)),
    mean: round(values.reduce((a, b) => a + b, 0) / (values.length || 1)),
    min: round(Math.min(...values)),
    max: round(Math.max(...values)),
  };
}

export function round(x: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

export function ratio(a: number, b: number): number {
  return round(a / b, 3);
}

/** Runs fn and returns its result with the elapsed milliseconds. */
export async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await fn();
  return { ms: performance.now() - start, value };
}

/** Milliseconds accumulated per key (e.g. per Cypher statement), with call counts. */
export class Ledger {
  readonly entries = new Map<string, { ms: number; calls: number; first: number; max: number }>();

  add(key: string, ms: number): void {
    const e = this.entries.get(key) ?? { ms: 0, calls: 0, first: ms, max: 0 };
    e.ms += ms;
    e.calls++;
    e.max = Math.max(e.max, ms);
    this.entries.set(key, e);
  }

  /** Largest first, rounded, as plain JSON. The first call shows one-off costs (Cypher planning, JIT). */
  toJSON(): Array<{ statement: string; ms: number; calls: number; firstMs: number; maxMs: number }> {
    return [...this.entries.entries()]
      .map(([statement, e]) => ({ statement, ms: round(e.ms, 0), calls: e.calls, firstMs: round(e.first, 0), maxMs: round(e.max, 0) }))
      .sort((a, b) => b.ms - a.ms);
  }

  total(): number {
    let t = 0;
    for (const e of this.entries.values()) t += e.ms;
    return t;
  }
}
