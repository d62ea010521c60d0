/**
 * Runs jobs a few at a time, taking turns between their owners (issue 40). The server's image work
 * (each upload's re-encode, then its smaller copies) shares one encoder process on two cores; in
 * arrival order, an account uploading six 50 MP photos would put another's 2 MP photo behind all
 * six and their copies. Here each owner (an account, a visitor's address) has its own line, and a
 * free place goes to the owner served least recently, so one owner's backlog costs another at most
 * the jobs already running. `perOwner` below `concurrency` keeps a place free for a second owner
 * however long the first one's line is, and `background` below `concurrency` keeps one for someone
 * waiting on an answer however many copies are still to be made.
 */
export interface FairQueueOptions {
  /** Jobs running at once, over all owners. */
  concurrency: number;
  /** Jobs someone waits on that one owner may have running at once (default: concurrency). */
  perOwner?: number;
  /**
   * Background jobs running at once, over all owners (default: concurrency). They do not count
   * against their owner's `perOwner`: an owner's copies never hold up its own next upload.
   */
  background?: number;
}

export interface FairQueueStats {
  running: number;
  waiting: number;
}

interface Job {
  start: () => void;
}

interface Line {
  owner: string;
  /** Jobs running, and of those the ones someone waits on (what `perOwner` counts). */
  running: number;
  runningNow: number;
  /** Someone waits on these (an upload's answer): they go before the owner's background jobs. */
  now: Job[];
  later: Job[];
  /** When this owner last got a place (a sequence number); 0 for an owner new to the queue. */
  servedAt: number;
}

export function createFairQueue(options: FairQueueOptions) {
  const { concurrency } = options;
  const perOwner = options.perOwner ?? concurrency;
  const maxBackground = options.background ?? concurrency;
  // Owners with a job running or waiting; an owner whose work is all done leaves, and comes back
  // as new (served first among those waiting).
  const lines = new Map<string, Line>();
  let running = 0;
  let runningBackground = 0;
  let turns = 0;

  /** The next job to start: the line served least recently among those that may start one. */
  function nextLine(): { line: Line; background: boolean } | undefined {
    let best: { line: Line; background: boolean } | undefined;
    for (const line of lines.values()) {
      let background: boolean;
      if (line.now.length > 0 && line.runningNow < perOwner) background = false;
      else if (line.later.length > 0 && runningBackground < maxBackground) background = true;
      else continue;
      if (!best || line.servedAt < best.line.servedAt) best = { line, background };
    }
    return best;
  }

  function startJobs(): void {
    while (running < concurrency) {
      const next = nextLine();
      if (!next) return;
      const { line, background } = next;
      const job = (background ? line.later : line.now).shift()!;
      line.running += 1;
      line.servedAt = ++turns;
      running += 1;
      if (background) runningBackground += 1;
      else line.runningNow += 1;
      job.start();
    }
  }

  function finished(line: Line, background: boolean): void {
    line.running -= 1;
    running -= 1;
    if (background) runningBackground -= 1;
    else line.runningNow -= 1;
    if (line.running === 0 && line.now.length === 0 && line.later.length === 0) lines.delete(line.owner);
    startJobs();
  }

  return {
    /**
     * Runs `job` once its owner's turn comes; its result or error. `background`: nobody waits on it,
     * so it goes after the owner's other jobs and within the `background` places.
     */
    run<T>(owner: string, job: () => Promise<T>, { background = false } = {}): Promise<T> {
      let line = lines.get(owner);
      if (!line) {
        line = { owner, running: 0, runningNow: 0, now: [], later: [], servedAt: 0 };
        lines.set(owner, line);
      }
      const own = line;
      return new Promise<T>((resolve, reject) => {
        const start = () => {
          // A job that throws before its first await still frees its place.
          void Promise.resolve()
            .then(job)
            .then(resolve, reject)
            .finally(() => finished(own, background));
        };
        (background ? own.later : own.now).push({ start });
        startJobs();
      });
    },
    stats(): FairQueueStats {
      let waiting = 0;
      for (const line of lines.values()) waiting += line.now.length + line.later.length;
      return { running, waiting };
    },
  };
}

export type FairQueue = ReturnType<typeof createFairQueue>;
