import { renameSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** The delay timer's own interval: a reading this much after the last is no delay at all. */
const RESOLUTION_MS = 1;

/**
 * The event loop's delay, for the bench (issue 24 target 3) and nothing else: only when
 * EVENT_LOOP_DELAY_FILE is set, never over HTTP. Each SIGUSR2 writes the delays seen since the
 * previous one (or since the start) to that file as JSON, in milliseconds, then starts counting
 * afresh; the bench signals once after its warm-up and once after the load.
 */
export function recordEventLoopDelay(file: string): void {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  // The histogram holds how long after the last reading each one came: minus the interval, the delay.
  const ms = (nanoseconds: number) => Math.max(0, Math.round((nanoseconds / 1e6 - RESOLUTION_MS) * 10) / 10);
  process.on('SIGUSR2', () => {
    const delays = {
      samples: histogram.count,
      p50: ms(histogram.percentile(50)),
      p99: ms(histogram.percentile(99)),
      max: ms(histogram.max),
    };
    histogram.reset();
    writeFileSync(`${file}.tmp`, JSON.stringify(delays));
    renameSync(`${file}.tmp`, file);
  });
}
