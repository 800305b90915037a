/** The outcome of a chi-square goodness-of-fit test against equal expected counts. */
export interface ChiSquareUniformity {
  statistic: number;
  degreesOfFreedom: number;
  /** Probability of a statistic at least this large if the counts were uniform. */
  pValue: number;
  /** The statistic above which uniformity is rejected at the 5 % level. */
  critical95: number;
}

const SIGNIFICANCE = 0.05;
const SERIES_EPSILON = 1e-14;
const MAX_ITERATIONS = 10_000;
const LANCZOS = [
  676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let sum = 0.99999999999980993;
  LANCZOS.forEach((c, i) => {
    sum += c / (z + i + 1);
  });
  const t = z + LANCZOS.length - 0.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** Regularized upper incomplete gamma Q(a, x) (series below a + 1, continued fraction above). */
function upperGamma(a: number, x: number): number {
  if (x <= 0) return 1;
  const logPrefix = -x + a * Math.log(x) - logGamma(a);
  if (x < a + 1) {
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < MAX_ITERATIONS; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * SERIES_EPSILON) break;
    }
    return 1 - sum * Math.exp(logPrefix);
  }
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < MAX_ITERATIONS; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < SERIES_EPSILON) break;
  }
  return Math.exp(logPrefix) * h;
}

/** P(X >= statistic) for a chi-square variable with `df` degrees of freedom. */
export function chiSquarePValue(statistic: number, df: number): number {
  return upperGamma(df / 2, statistic / 2);
}

function criticalValue(df: number, significance: number): number {
  let low = 0;
  let high = df + 20 * Math.sqrt(2 * df) + 20;
  for (let i = 0; i < 200; i++) {
    const mid = (low + high) / 2;
    if (chiSquarePValue(mid, df) > significance) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

/** Chi-square test of observed counts (e.g. how often each digit 0-9 was drawn) against uniform. */
export function chiSquareUniformity(counts: readonly number[]): ChiSquareUniformity {
  if (counts.length < 2) throw new Error('chi-square needs at least two categories');
  const total = counts.reduce((a, b) => a + b, 0);
  if (total <= 0) throw new Error('chi-square needs some observations');
  const expected = total / counts.length;
  const statistic = counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
  const degreesOfFreedom = counts.length - 1;
  return {
    statistic,
    degreesOfFreedom,
    pValue: chiSquarePValue(statistic, degreesOfFreedom),
    critical95: criticalValue(degreesOfFreedom, SIGNIFICANCE),
  };
}
