/**
 * Whether a process's memory grows over a soak, from readings taken once a minute: the
 * least-squares slope of the readings from minute 5 on (start-up, JIT warm-up and the first
 * fills of bounded buffers come before it), per 10 minutes. A slope rather than end minus start,
 * since V8's collections make RSS a sawtooth of several MB and one reading may sit on a peak.
 */

export interface Reading {
  readonly minute: number;
  readonly mb: number;
}

export interface MemoryTrend {
  /** The first and last minute the slope was fitted over. */
  readonly fromMinute: number;
  readonly toMinute: number;
  /** The readings at those minutes. */
  readonly firstMb: number;
  readonly lastMb: number;
  /** The fitted growth, MB per 10 minutes. */
  readonly mbPer10Minutes: number;
  readonly flat: boolean;
}

/** The minute the trend starts from in a soak of 30 minutes or more. */
export const SETTLED_MINUTE = 5;
/** Growth under this, MB per 10 minutes, is flat: 6 MB an hour at most. */
export const FLAT_MB_PER_10_MINUTES = 1;

/**
 * The trend of `readings` from SETTLED_MINUTE (from half-way in a soak shorter than 10 minutes);
 * null with fewer than two readings to fit.
 */
export function memoryTrend(readings: readonly Reading[]): MemoryTrend | null {
  const last = readings.reduce((m, r) => Math.max(m, r.minute), Number.NEGATIVE_INFINITY);
  const from = Math.min(SETTLED_MINUTE, Math.floor(last / 2));
  const fitted = readings.filter((r) => r.minute >= from && Number.isFinite(r.mb)).sort((a, b) => a.minute - b.minute);
  if (fitted.length < 2) return null;
  const n = fitted.length;
  const meanMinute = fitted.reduce((s, r) => s + r.minute, 0) / n;
  const meanMb = fitted.reduce((s, r) => s + r.mb, 0) / n;
  let covariance = 0;
  let variance = 0;
  for (const r of fitted) {
    covariance += (r.minute - meanMinute) * (r.mb - meanMb);
    variance += (r.minute - meanMinute) ** 2;
  }
  if (variance === 0) return null;
  const mbPer10Minutes = (covariance / variance) * 10;
  return {
    fromMinute: fitted[0]!.minute,
    toMinute: fitted[n - 1]!.minute,
    firstMb: fitted[0]!.mb,
    lastMb: fitted[n - 1]!.mb,
    mbPer10Minutes,
    flat: mbPer10Minutes < FLAT_MB_PER_10_MINUTES,
  };
}

/** "+0.4 MB/10 min (flat; 120 MB at 5 min → 121 MB at 30 min)", or why there is no trend. */
export function describeTrend(trend: MemoryTrend | null): string {
  if (!trend) return "too few readings for a trend";
  const sign = trend.mbPer10Minutes >= 0 ? "+" : "";
  return `${sign}${trend.mbPer10Minutes.toFixed(1)} MB/10 min (${trend.flat ? "flat" : "GROWS"}; ${trend.firstMb.toFixed(0)} MB at ${trend.fromMinute} min → ${trend.lastMb.toFixed(0)} MB at ${trend.toMinute} min)`;
}
