// Where a breeding-value fit spends its time, phase by phase (reading the records, the pedigree, building the
// equations, solving, the rows, storing and reading back a saved answer), for the answer's Server-Timing header
// (W3C Server Timing): the benchmark reads it, and a browser's network panel shows it. Never part of the JSON answer.

export class Phases {
  readonly ms: Record<string, number> = {};
  /** When the request's handler began: the header ends with `handler`, its time so far. */
  private readonly started = performance.now();

  /** Runs `work`, adding its wall time to phase `name`. */
  time<T>(name: string, work: () => T): T {
    const started = performance.now();
    try {
      return work();
    } finally {
      this.add(name, performance.now() - started);
    }
  }

  async timeAsync<T>(name: string, work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.add(name, performance.now() - started);
    }
  }

  add(name: string, ms: number): void {
    this.ms[name] = (this.ms[name] ?? 0) + ms;
  }

  /** `records;dur=12.3, pedigree;dur=40.1, ..., handler;dur=1234.5`, in the order the phases first ran. */
  header(): string {
    const all = { ...this.ms, handler: performance.now() - this.started };
    return Object.entries(all).map(([name, ms]) => `${name};dur=${ms.toFixed(1)}`).join(', ');
  }
}
