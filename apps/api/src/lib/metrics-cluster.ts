import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import { metricsRegistry } from './metrics.js';

/**
 * With WORKERS>1 the port is shared, so a scrape lands on any one worker; its answer must still be
 * the whole server's. The worker asks the primary over IPC; the primary asks every worker for its
 * series (prom-client's AggregatorRegistry), adds them up and answers the one that asked.
 */
const ASK = 'revuhub:metrics-ask';
const ANSWER = 'revuhub:metrics-answer';

interface Ask {
  type: typeof ASK;
  id: number;
}
interface Answer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

const isAsk = (m: unknown): m is Ask => (m as Ask | null)?.type === ASK;
const isAnswer = (m: unknown): m is Answer => (m as Answer | null)?.type === ANSWER;

/** Primary: answers the workers' asks with everyone's series added up. */
export function serveWorkersMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker: Worker, message: unknown) => {
    if (!isAsk(message)) return;
    const reply = (answer: Omit<Answer, 'type' | 'id'>) => {
      if (worker.isConnected()) worker.send({ type: ANSWER, id: message.id, ...answer });
    };
    aggregator.clusterMetrics().then(
      (text) => reply({ text }),
      (error: unknown) => reply({ error: error instanceof Error ? error.message : String(error) }),
    );
  });
}

const waiting = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>();
let asks = 0;
let workerListening = false;

/**
 * Worker: answers the primary's requests for this process's series (prom-client listens once
 * an AggregatorRegistry exists here) and listens for the answers to its own asks.
 */
export function joinClusterMetrics(): void {
  if (!cluster.isWorker || workerListening) return;
  workerListening = true;
  AggregatorRegistry.setRegistries([metricsRegistry]);
  new AggregatorRegistry();
  process.on('message', (message: unknown) => {
    if (!isAnswer(message)) return;
    const pending = waiting.get(message.id);
    if (!pending) return;
    waiting.delete(message.id);
    if (message.text !== undefined) pending.resolve(message.text);
    else pending.reject(new Error(message.error ?? 'no metrics from the primary'));
  });
}

/** Worker: the whole server's series, through the primary. */
export function askPrimaryForMetrics(timeoutMs = 8000): Promise<string> {
  const id = (asks += 1);
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(new Error('the primary process did not answer with the metrics'));
    }, timeoutMs);
    waiting.set(id, {
      resolve: (text) => {
        clearTimeout(timer);
        resolve(text);
      },
      reject: (error) => {
        clearTimeout(timer);
        reject(error);
      },
    });
    process.send?.({ type: ASK, id });
  });
}
