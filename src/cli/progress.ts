// Progress of a long command: a bar with rate and ETA redrawn in place on a terminal, plain lines otherwise (CI
// logs, pipes), at most one every few seconds there.
import type { CliStream } from './io.js';

export interface Progress {
  update(done: number): void;
  finish(): void;
}

const WIDTH = 30;
const PLAIN_EVERY_MS = 5000;

export function progress(label: string, total: number, stream: CliStream = process.stderr): Progress {
  const started = Date.now();
  let lastPlain = 0;
  let last = 0;
  const line = (done: number) => {
    const seconds = Math.max((Date.now() - started) / 1000, 0.001);
    const rate = done / seconds;
    const eta = rate > 0 ? (total - done) / rate : Infinity;
    const share = total ? done / total : 1;
    const bar = '#'.repeat(Math.round(share * WIDTH)).padEnd(WIDTH, '-');
    const etaText = done >= total ? `${seconds.toFixed(1)} s` : Number.isFinite(eta) ? `ETA ${Math.ceil(eta)} s` : 'ETA ?';
    return `${label} [${bar}] ${(share * 100).toFixed(0).padStart(3)}% ${done.toLocaleString('en')}/${total.toLocaleString('en')} · ${Math.round(rate).toLocaleString('en')}/s · ${etaText}`;
  };
  return {
    update(done) {
      last = done;
      if (stream.isTTY) stream.write(`\r${line(done)}\x1b[K`);
      else if (Date.now() - lastPlain >= PLAIN_EVERY_MS || done >= total) {
        lastPlain = Date.now();
        stream.write(line(done) + '\n');
      }
    },
    finish() {
      if (stream.isTTY) stream.write(`\r${line(last)}\x1b[K\n`);
    },
  };
}
