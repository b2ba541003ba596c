// What the service tells its clients while the demo data loads after it started listening: data calls answer 503
// with Retry-After and the step being loaded; /serverinfo, /ready and the front door say the same.
export type DemoPhase = 'loading' | 'complete' | 'failed';

export class DemoProgress {
  phase: DemoPhase;
  step = 'starting';
  private failure?: string;
  private readonly started = Date.now();

  constructor(loading: boolean) {
    this.phase = loading ? 'loading' : 'complete';
  }

  enter(step: string): void {
    this.step = step;
  }

  complete(): void {
    this.phase = 'complete';
  }

  fail(message: string): void {
    this.phase = 'failed';
    this.failure = message;
  }

  get seconds(): number {
    return Math.round((Date.now() - this.started) / 1000);
  }

  /** One sentence for a person, or undefined once the demo is whole. */
  describe(): string | undefined {
    if (this.phase === 'complete') return undefined;
    if (this.phase === 'failed') return `The demo data could not be loaded: ${this.failure}`;
    return `The demo data is loading: ${this.step} (${this.seconds} s so far). Data calls answer 503 until it is ` +
      'complete; GET /serverinfo shows the progress.';
  }
}
