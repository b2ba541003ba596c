// Runs a named pure function (tasks.ts) in a worker thread and returns its result, so that CPU-bound work (a
// breeding-value fit takes minutes on a large pedigree) leaves the event loop free to answer other requests. At most
// `size` tasks run at once, each in its own worker (kept for the next task); up to `queueMax` more wait their turn,
// and beyond that a task is refused with a 503 and Retry-After. A typed error thrown in a task (a 400) comes back as
// the same class. stopWorkers() ends every worker at shutdown, failing what runs or waits with a 503.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { BusyError, errorNamed } from '../errors.js';
import type { ReplyMessage, TaskMessage } from './entry.js';
import type { TaskName, Tasks } from './tasks.js';

const pools = new Set<WorkerPool>();

/** Ends the workers of every pool (service shutdown): running and waiting tasks fail with a 503. */
export async function stopWorkers(): Promise<void> {
  await Promise.all([...pools].map((pool) => pool.stop()));
}

/** A new worker running entry.ts (entry.js once compiled). */
function spawn(): Worker {
  const self = fileURLToPath(import.meta.url);
  const entry = new URL(`./entry${path.extname(self)}`, import.meta.url);
  if (path.extname(self) !== '.ts') return new Worker(entry);
  // Under tsx the worker starts through boot.mjs, which registers tsx's loader there first.
  return new Worker(new URL('./boot.mjs', import.meta.url), { workerData: { entry: entry.href } });
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
}

export class WorkerPool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Pending>();
  private readonly waiting: Pending[] = [];
  private active = 0;
  private nextId = 0;
  private stopping = false;

  /** `what` names the work in the 503's message ("breeding-value fits"). */
  constructor(private readonly size: number, private readonly queueMax: number, private readonly what: string) {
    pools.add(this);
  }

  /** The value of task `name` on `args`, computed in a worker. */
  async run<N extends TaskName>(name: N, ...args: Parameters<Tasks[N]>): Promise<ReturnType<Tasks[N]>> {
    if (this.active >= this.size) {
      if (this.waiting.length >= this.queueMax) {
        throw new BusyError(`This server is busy with ${this.active} ${this.what} and ${this.waiting.length} waiting (at most ${this.size} at once); try again later.`);
      }
      // The slot is handed over by the task that ends (active stays as it is).
      await new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
    } else {
      this.active++;
    }
    try {
      return (await this.post({ id: this.nextId++, name, args })) as ReturnType<Tasks[N]>;
    } finally {
      const next = this.waiting.shift();
      if (next) next.resolve(undefined);
      else this.active--;
    }
  }

  private post(message: TaskMessage): Promise<unknown> {
    const worker = this.idle.pop() ?? this.start();
    worker.ref();
    return new Promise((resolve, reject) => {
      this.busy.set(worker, { resolve, reject });
      worker.postMessage(message);
    });
  }

  private start(): Worker {
    const worker = spawn();
    const fail = (err: Error) => {
      const pending = this.busy.get(worker);
      this.busy.delete(worker);
      const at = this.idle.indexOf(worker);
      if (at >= 0) this.idle.splice(at, 1);
      pending?.reject(this.stopping ? new BusyError(`The service is stopping; ${this.what} in progress were ended.`) : err);
    };
    worker.on('message', (reply: ReplyMessage) => {
      const pending = this.busy.get(worker)!;
      this.busy.delete(worker);
      worker.unref();
      this.idle.push(worker);
      if ('value' in reply) return pending.resolve(reply.value);
      const err = errorNamed(reply.error.http ? reply.error.name : '', reply.error.message);
      if (!reply.error.http && reply.error.stack) err.stack = reply.error.stack;
      pending.reject(err);
    });
    // A worker that dies (out of memory, a crash) fails its task; the next task starts a new one.
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`A worker thread running ${this.what} ended (exit code ${code}).`)));
    return worker;
  }

  /** Ends every worker; what runs or waits fails with a 503. The pool starts new workers for later tasks. */
  async stop(): Promise<void> {
    this.stopping = true;
    try {
      for (const waiter of this.waiting.splice(0)) waiter.reject(new BusyError(`The service is stopping; ${this.what} waiting were not started.`));
      await Promise.all([...this.idle, ...this.busy.keys()].map((worker) => worker.terminate()));
    } finally {
      this.stopping = false;
    }
  }
}
