import { subscribe } from 'node:diagnostics_channel';
import { renameSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** The delay timer's own interval: a reading this much after the last is no delay at all. */
const RESOLUTION_MS = 1;

/** p50, p99 and max of `values` (milliseconds, one decimal). */
function percentiles(values: number[]): { count: number; p50: number; p99: number; max: number } {
  const sorted = values.toSorted((a, b) => a - b);
  const at = (share: number) => Math.round((sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)] ?? 0) * 10) / 10;
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: at(1) };
}

/** Paths timed apart; any path beyond them (ids, paths a client makes up) is timed under OTHER_PATHS. */
const TIMED_PATHS = 200;
const OTHER_PATHS = '(other paths)';

/**
 * What the bench measures inside the portal (issue 24 target 3), and nothing else: only when
 * BENCH_MEASURES_FILE is set, never over HTTP. Each SIGUSR2 writes what was seen since the previous
 * one (or since the start) to that file as JSON, in milliseconds, then starts counting afresh; the
 * bench signals once after its warm-up and once after the load.
 * - `eventLoop`: the event loop's delay (perf_hooks.monitorEventLoopDelay);
 * - `requests`: by path, how long the portal took with each request, from Node handing it over
 *   to its answer's last byte written (the http.server diagnostics channels). Beside the load
 *   tool's own latencies, which run on the same cores, it says which part of a tail is the portal's.
 */
export function recordBenchMeasures(file: string): void {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  // The histogram holds how long after the last reading each one came: minus the interval, the delay.
  const ms = (nanoseconds: number) => Math.max(0, Math.round((nanoseconds / 1e6 - RESOLUTION_MS) * 10) / 10);

  let requests = new Map<string, number[]>();
  const started = new WeakMap<ServerResponse, { path: string; at: number }>();
  subscribe('http.server.request.start', (message) => {
    const { request, response } = message as { request: IncomingMessage; response: ServerResponse };
    started.set(response, { path: (request.url ?? '').split('?', 1)[0]!, at: performance.now() });
  });
  subscribe('http.server.response.finish', (message) => {
    const { response } = message as { response: ServerResponse };
    const start = started.get(response);
    if (!start) return;
    const path = requests.has(start.path) || requests.size < TIMED_PATHS ? start.path : OTHER_PATHS;
    let times = requests.get(path);
    if (!times) requests.set(path, (times = []));
    times.push(performance.now() - start.at);
  });

  process.on('SIGUSR2', () => {
    const measures = {
      eventLoop: { samples: histogram.count, p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) },
      requests: Object.fromEntries([...requests].map(([path, times]) => [path, percentiles(times)])),
    };
    histogram.reset();
    requests = new Map();
    writeFileSync(`${file}.tmp`, JSON.stringify(measures));
    renameSync(`${file}.tmp`, file);
  });
}
